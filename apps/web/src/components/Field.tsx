import { Eye, EyeOff } from "lucide-react";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";
import { cx } from "./cx";

const control =
  "block w-full rounded-2xl border bg-night-800/70 px-4 py-3 text-[15px] text-slate-100 placeholder:text-slate-500 " +
  "transition outline-none focus:border-accent-400 focus:ring-4 focus:ring-accent-500/15 disabled:opacity-60";

function borderFor(error: string | null | undefined): string {
  return error
    ? "border-rose-400/80 focus:border-rose-400 focus:ring-rose-500/15"
    : "border-white/10 hover:border-white/20";
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  labelAside?: ReactNode;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, labelAside, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-200">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-rose-300">
          {error}
        </p>
      ) : hint ? (
        <div id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  labelAside?: ReactNode;
  icon?: ReactNode;
}

export function TextField({ label, error, hint, labelAside, icon, className, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} labelAside={labelAside}>
      <div className="relative">
        {icon ? (
          <span className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-slate-500">{icon}</span>
        ) : null}
        <input
          id={id}
          className={cx(control, borderFor(error), icon ? "pl-11" : undefined, className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          {...rest}
        />
      </div>
    </FieldShell>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, "type"> {}

export function PasswordField({ label, error, hint, labelAside, icon, className, ...rest }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} labelAside={labelAside}>
      <div className="relative">
        {icon ? (
          <span className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-slate-500">{icon}</span>
        ) : null}
        <input
          id={id}
          type={visible ? "text" : "password"}
          className={cx(control, borderFor(error), "pr-12", icon ? "pl-11" : undefined, className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          {...rest}
        />
        <button
          type="button"
          className="absolute inset-y-1 right-1 flex w-10 items-center justify-center rounded-xl text-slate-400 hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-accent-400"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
        </button>
      </div>
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** React 19 passes `ref` as a prop; it reaches the textarea with the rest. */
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, className, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        className={cx(control, borderFor(error), "resize-y", className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...rest}
      />
    </FieldShell>
  );
}
