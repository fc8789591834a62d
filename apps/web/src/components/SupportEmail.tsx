import { useAppConfig } from "../api/config";

/** The support address from GET /api/config (a server setting), as a mailto link. */
export function SupportEmail({ className }: { className?: string }) {
  const { data, isPending } = useAppConfig();
  const email = data?.support_email;
  if (!email) return <span className={className}>{isPending ? "…" : "our support team via the Contact page"}</span>;
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}
