import { LIMITS, passwordStrength } from "@stepsync/contracts";
import { Check, X } from "lucide-react";
import { TEXTS } from "../constants/texts";
import { cx } from "./cx";

export type StrengthLabel = typeof TEXTS.strengthWeak | typeof TEXTS.strengthGood | typeof TEXTS.strengthStrong;

/** The words for passwordStrength's score (@stepsync/contracts): 4 or 5 is Strong, 3 Good, below 3 Weak. */
export function strengthLabel(score: number): StrengthLabel {
  if (score >= 4) return TEXTS.strengthStrong;
  if (score === 3) return TEXTS.strengthGood;
  return TEXTS.strengthWeak;
}

/** Hints for the strength points still missing. */
export function strengthHints(password: string): string[] {
  const hints: string[] = [];
  if (password.length < LIMITS.resetLengthPoint) hints.push(TEXTS.hintLength);
  if (!/[a-z]/.test(password)) hints.push(TEXTS.hintLower);
  if (!/[A-Z]/.test(password)) hints.push(TEXTS.hintUpper);
  if (!/\d/.test(password)) hints.push(TEXTS.hintDigit);
  if (!/[^A-Za-z0-9]/.test(password)) hints.push(TEXTS.hintSpecial);
  return hints;
}

const BAR_COLOURS: Record<StrengthLabel, string> = {
  Weak: "bg-rose-400",
  Good: "bg-yellow-300",
  Strong: "bg-emerald-400",
};
const TEXT_COLOURS: Record<StrengthLabel, string> = {
  Weak: "text-rose-300",
  Good: "text-yellow-200",
  Strong: "text-emerald-300",
};

/** Five-bar strength meter with improvement hints. */
export function PasswordStrength({ password }: { password: string }) {
  const score = passwordStrength(password);
  const label = strengthLabel(score);
  const hints = strengthHints(password);
  return (
    <div className="space-y-3" data-testid="password-strength">
      <meter
        className="sr-only"
        min={0}
        max={5}
        value={score}
        aria-label="Password strength"
        aria-valuetext={`${label} (${score} of 5)`}
      />
      <div className="flex gap-1.5" aria-hidden data-testid="strength-bars">
        {[0, 1, 2, 3, 4].map((i) => (
          <span
            key={i}
            data-filled={i < score ? "true" : "false"}
            className={cx(
              "h-1.5 flex-1 rounded-full transition-colors",
              i < score ? BAR_COLOURS[label] : "bg-white/10",
            )}
          />
        ))}
      </div>
      <p className="text-xs text-slate-400">
        Password strength: <span className={cx("font-semibold", TEXT_COLOURS[label])}>{label}</span>
      </p>
      {password && hints.length > 0 ? (
        <ul className="space-y-1 text-xs text-slate-400" aria-label="How to make it stronger">
          {hints.map((hint) => (
            <li key={hint} className="flex items-center gap-2">
              <X className="size-3.5 text-slate-500" aria-hidden />
              {hint}
            </li>
          ))}
        </ul>
      ) : password ? (
        <p className="flex items-center gap-2 text-xs text-emerald-300">
          <Check className="size-3.5" aria-hidden /> Great password.
        </p>
      ) : null}
    </div>
  );
}
