import {
  MESSAGES,
  type Profile,
  SOCIAL_LINKS,
  type SocialLinkName,
  socialLinkProblem,
  updateProfileRequest,
} from "@stepsync/contracts";
import { Save, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../api/client";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { PasswordField, TextAreaField, TextField } from "../../components/Field";

export interface ProfileFormValues {
  username: string;
  email: string;
  full_name: string;
  bio: string;
  profile_image: string;
  /** Every link field as typed; blank ones remove their link. */
  social_links: Record<SocialLinkName, string>;
  /** Sent only when the e-mail changes on an account with a password. */
  current_password?: string;
}

type TextKey = Exclude<keyof ProfileFormValues, "social_links">;
type LinkErrorKey = `social_links.${SocialLinkName}`;
type FormErrors = Partial<Record<TextKey | LinkErrorKey, string>>;

/** Whether `email` (as typed) is another address than the loaded one. */
export function emailChanged(profile: Pick<Profile, "email">, email: string): boolean {
  return email.trim().toLowerCase() !== profile.email.trim().toLowerCase();
}

/** Changing the e-mail of an account with a password needs that password. */
export function needsCurrentPassword(profile: Pick<Profile, "email" | "has_password">, email: string): boolean {
  return profile.has_password === true && emailChanged(profile, email);
}

export function valuesFrom(profile: Profile): ProfileFormValues {
  return {
    username: profile.username ?? "",
    email: profile.email ?? "",
    full_name: profile.full_name ?? "",
    bio: profile.bio ?? "",
    profile_image: profile.profile_image ?? "",
    social_links: Object.fromEntries(
      SOCIAL_LINKS.map(({ name }) => [name, profile.social_links?.[name] ?? ""]),
    ) as Record<SocialLinkName, string>,
  };
}

/**
 * The save rules of updateProfileRequest (@stepsync/contracts): username and email required; valid
 * email; profile image a URL; full name and bio optional.
 */
export function validateProfile(values: ProfileFormValues): FormErrors {
  const result = updateProfileRequest.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const [first, second] = issue.path;
    const field = (first === "social_links" ? `social_links.${String(second)}` : first) as keyof FormErrors | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function EditProfileForm({
  profile,
  onCancel,
  onSave,
}: {
  profile: Profile;
  onCancel: () => void;
  onSave: (values: ProfileFormValues) => Promise<void>;
}) {
  const [values, setValues] = useState<ProfileFormValues>(() => valuesFrom(profile));
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function update(field: TextKey, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (formError) setFormError(null);
  }

  function updateLink(name: SocialLinkName, value: string) {
    setValues((v) => ({ ...v, social_links: { ...v.social_links, [name]: value } }));
    const key: LinkErrorKey = `social_links.${name}`;
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
    if (formError) setFormError(null);
  }

  /** A link is checked when its field is left, so a mistake shows before Save. */
  function checkLink(name: SocialLinkName) {
    const link = SOCIAL_LINKS.find((l) => l.name === name);
    const value = values.social_links[name].trim();
    const problem = link && value ? socialLinkProblem(link, value) : null;
    if (problem) setErrors((e) => ({ ...e, [`social_links.${name}`]: problem }));
  }

  const askPassword = needsCurrentPassword(profile, values.email);

  function cancel() {
    // Cancel resets to the loaded values.
    setValues(valuesFrom(profile));
    setCurrentPassword("");
    setErrors({});
    setFormError(null);
    onCancel();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateProfile(values);
    if (askPassword && !currentPassword) found.current_password = MESSAGES.currentPasswordRequired;
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    setFormError(null);
    try {
      await onSave(askPassword ? { ...values, current_password: currentPassword } : values);
    } catch (error) {
      const message = errorMessage(error, MESSAGES.profileUpdateFailed);
      // The password's own refusals go under its field; everything typed stays as it was.
      if (askPassword && (message === MESSAGES.currentPasswordWrong || message === MESSAGES.currentPasswordRequired))
        setErrors((e) => ({ ...e, current_password: message }));
      else setFormError(message);
      setSaving(false);
    }
  }

  return (
    <Card className="animate-fade-up">
      <h2 className="mb-6 text-xl font-semibold text-white">Edit profile</h2>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            value={values.username}
            error={errors.username}
            onChange={(e) => update("username", e.target.value)}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={(e) => update("email", e.target.value)}
          />
          {askPassword ? (
            <div className="sm:col-start-2">
              <PasswordField
                label="Current password"
                name="current_password"
                autoComplete="current-password"
                required
                value={currentPassword}
                error={errors.current_password}
                hint="Needed to change your e-mail address. We send a link to the new address; it changes when you open it."
                onChange={(e) => {
                  setCurrentPassword(e.target.value);
                  if (errors.current_password) setErrors((er) => ({ ...er, current_password: undefined }));
                  if (formError) setFormError(null);
                }}
              />
            </div>
          ) : null}
          <TextField
            label="Full name"
            name="full_name"
            autoComplete="name"
            value={values.full_name}
            error={errors.full_name}
            hint="Optional"
            onChange={(e) => update("full_name", e.target.value)}
          />
          <TextField
            label="Profile image URL"
            name="profile_image"
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={values.profile_image}
            error={errors.profile_image}
            hint="Optional — a link to a square photo works best"
            onChange={(e) => update("profile_image", e.target.value)}
          />
        </div>
        <TextAreaField
          label="Bio"
          name="bio"
          rows={4}
          value={values.bio}
          error={errors.bio}
          hint="Optional — tell other dancers about your style"
          onChange={(e) => update("bio", e.target.value)}
        />
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-white">Social links</legend>
          <p className="-mt-2 text-xs text-slate-400">
            Optional — shown on your public profile. Use full addresses starting with https://
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            {SOCIAL_LINKS.map((link) => (
              <TextField
                key={link.name}
                label={link.label}
                name={`social_links.${link.name}`}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder={link.example}
                value={values.social_links[link.name]}
                error={errors[`social_links.${link.name}`]}
                onChange={(e) => updateLink(link.name, e.target.value)}
                onBlur={() => checkLink(link.name)}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={cancel} disabled={saving} icon={<X className="size-4" aria-hidden />}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} icon={<Save className="size-4" aria-hidden />}>
            {saving ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
