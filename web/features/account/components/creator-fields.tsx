// The creator's own fields (payout email, social links, bio), as the application asks for them
// and the creator profile edits them. SPEC.md section 9: the application requires the payout
// email and does not check its type; the profile checks its type and leaves it optional.
import { MAX_BIO_LENGTH, MAX_SOCIALS_LENGTH } from "../../../../worker/contracts/account";
import { EmailField, TextField } from "../../../components/form-kit";
import type { FieldBinding } from "../../../lib/use-form";

type CreatorField = "payoutEmail" | "socials" | "bio";

export function CreatorFields({
  field,
  application,
}: {
  field: (name: CreatorField) => FieldBinding<string>;
  application: boolean;
}) {
  return (
    <>
      <EmailField
        {...field("payoutEmail")}
        label="Payout email"
        hint="Where we send your commission."
        type={application ? "text" : "email"}
        required={application}
        optional={!application}
      />
      <TextField
        optional
        {...field("socials")}
        label="Social links"
        autoComplete="url"
        hint="Separate links with commas."
        maxLength={MAX_SOCIALS_LENGTH}
        multiline
      />
      <TextField
        optional
        {...field("bio")}
        label="Bio"
        autoComplete="off"
        hint="A few lines about you and your audience."
        maxLength={MAX_BIO_LENGTH}
        multiline
      />
    </>
  );
}
