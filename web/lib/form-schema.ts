import * as v from "valibot";

/**
 * A form's schema from an endpoint's: the form's text values become the request body, which the
 * endpoint's own schema then judges, so every field says what the Worker would. The body keeps the
 * form's field names, and the issues their paths. The back-office's forms use it too
 * (web/admin/form-schema.ts).
 */
export const formSchema = <TOutput>(
  toBody: (values: Record<string, string>) => unknown,
  endpoint: v.GenericSchema<unknown, TOutput>,
) =>
  v.pipe(
    v.unknown(),
    v.transform((values): unknown => toBody(values as Record<string, string>)),
    endpoint,
  );
