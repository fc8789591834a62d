import { megabytes } from "@stepsync/contracts";
import { ArrowRight, CheckCircle2, Clock, Film, Mail, Upload } from "lucide-react";
import { useAuth } from "../../auth/context";
import { ButtonLink } from "../../components/Button";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";
import { SupportEmail } from "../../components/SupportEmail";
import { StepList } from "../../components/marketing";
import { useMaxVideoBytes } from "../../api/config";

/**
 * Contribute Reference Videos: contributors and admins go on to the real upload (/upload-video);
 * everyone else learns how to become a contributor.
 */
export default function ContributePage() {
  const maxVideoBytes = useMaxVideoBytes();
  usePageMeta(
    "Contribute Reference Videos",
    "Share your choreography with StepSync dancers: upload reference videos as a contributor, reviewed before they go live.",
  );
  const { user } = useAuth();
  const canUpload = user?.role === "contributor" || user?.role === "admin";
  return (
    <Page title="Contribute Reference Videos">
      <PageHeader
        eyebrow="Contribute"
        title="Contribute Reference Videos"
        description="Instructors and dancers share routines that everyone can practise against. Every upload is reviewed before it appears in the library."
      />
      <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr]">
        {canUpload ? (
          <section aria-labelledby="upload-title" className="glass space-y-4 p-6 sm:p-8">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-300">
              <Upload className="size-6" aria-hidden />
            </span>
            <h2 id="upload-title" className="text-2xl font-semibold text-white">
              Upload a reference video
            </h2>
            <p className="text-slate-300">
              Your account can contribute. Add the video, a thumbnail, a title, the dance style, the difficulty, a
              description and tags; we compute the poses and an admin reviews it. You can follow its status on your
              contributor dashboard.
            </p>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to="/upload-video" icon={<ArrowRight className="size-4" aria-hidden />}>
                Upload a video
              </ButtonLink>
              <ButtonLink to="/contributor" variant="secondary">
                My contributions
              </ButtonLink>
            </div>
          </section>
        ) : (
          <section aria-labelledby="become-title" className="glass space-y-4 p-6 sm:p-8">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-300">
              <Mail className="size-6" aria-hidden />
            </span>
            <h2 id="become-title" className="text-2xl font-semibold text-white">
              Become a contributor
            </h2>
            <p className="text-slate-300">
              Uploading to the library is open to contributor accounts. To apply, email our support team at{" "}
              <SupportEmail className="font-semibold text-accent-300 underline underline-offset-4" /> with your
              username, the styles you teach and a link to some of your work. Once your account is switched to a
              contributor account, this page takes you straight to the upload.
            </p>
            <ButtonLink to="/contact" variant="secondary">
              Contact support
            </ButtonLink>
          </section>
        )}
        <section aria-labelledby="process-title" className="space-y-4">
          <h2 id="process-title" className="text-xl font-semibold text-white">
            How contributing works
          </h2>
          <StepList
            steps={[
              {
                title: "Upload",
                text: `A clear, full-body video of the routine (up to ${megabytes(maxVideoBytes)}MB) and a thumbnail.`,
              },
              { title: "Review", text: "An admin checks it; you'll get a notification when it is approved or not." },
              { title: "Go live", text: "Approved videos appear in the library for everyone to practise against." },
            ]}
          />
          <ul className="grid gap-3 text-sm text-slate-300">
            <li className="flex items-center gap-2">
              <Film className="size-4 text-accent-300" aria-hidden /> Film in good light with the whole body in frame.
            </li>
            <li className="flex items-center gap-2">
              <Clock className="size-4 text-accent-300" aria-hidden /> Shorter routines (under 5 minutes) work best.
            </li>
            <li className="flex items-center gap-2">
              <CheckCircle2 className="size-4 text-accent-300" aria-hidden /> Only upload choreography you have the
              right to share.
            </li>
          </ul>
        </section>
      </div>
    </Page>
  );
}
