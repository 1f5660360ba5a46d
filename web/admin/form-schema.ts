// The back-office's forms use the shop's one form-schema helper (shop code never imports admin code,
// but admin code may import the shop's).
export { formSchema } from "../lib/form-schema";
