// The one file drizzle-kit reads (drizzle.config.ts): the data model of SPEC.md section 3, each
// table defined by the module that owns it (worker/modules/<domain>/schema.ts). Money is integer
// cents (CHECK >= 0), emails are stored trimmed and lower-cased (CHECK) under unique indexes, ids
// are 24-hex text (see worker/lib/ids.ts).

export * from "../modules/audit/schema";
export * from "../modules/catalogue/schema";
export * from "../modules/creators/schema";
export * from "../modules/identity/schema";
export * from "../modules/limits/schema";
export * from "../modules/mail/schema";
export * from "../modules/messages/schema";
export * from "../modules/newsletter/schema";
export * from "../modules/orders/schema";
export * from "../modules/payments/schema";
export * from "../modules/payouts/schema";
export * from "../modules/promotions/schema";
export { dbNowMs } from "./columns";
