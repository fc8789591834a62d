import { EMAIL_PATTERN, LIMITS, MESSAGES } from "@stepsync/contracts";

export interface SignupValues {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type SignupErrors = Partial<Record<keyof SignupValues, string>>;

/** The signup rules (MESSAGES, EMAIL_PATTERN and LIMITS in @stepsync/contracts), one message per field. */
export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  if (!values.fullName.trim()) errors.fullName = MESSAGES.nameRequired;
  if (!values.email.trim()) errors.email = MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = MESSAGES.emailInvalid;
  if (!values.password) errors.password = MESSAGES.passwordRequired;
  else if (values.password.length < LIMITS.signupPasswordMin) errors.password = MESSAGES.passwordTooShort;
  if (values.confirmPassword !== values.password) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return errors;
}
