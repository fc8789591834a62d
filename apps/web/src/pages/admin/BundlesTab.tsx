import { ADMIN_MESSAGES, type AdminBundle, BUNDLE_FORM_DEFAULTS, formatRupees, paiseOf } from "@stepsync/contracts";
import { Pencil, Plus } from "lucide-react";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { adminChanges, adminQueries, useAdminMutation, useAdminQuery } from "../../api/admin";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { TextField } from "../../components/Field";
import { cx } from "../../components/cx";
import { DeleteIconButton, ListBody, td, useConfirmDelete } from "./list-parts";
import { useFlash } from "./flash";

type FormState = {
  name: string;
  description: string;
  credits_amount: string;
  price: string;
  is_active: boolean;
  is_popular: boolean;
};
const toForm = (b?: AdminBundle): FormState =>
  b
    ? {
        name: b.name,
        description: b.description,
        credits_amount: String(b.credits_amount),
        price: String(b.price),
        is_active: b.is_active,
        is_popular: b.is_popular,
      }
    : {
        ...BUNDLE_FORM_DEFAULTS,
        credits_amount: String(BUNDLE_FORM_DEFAULTS.credits_amount),
        price: String(BUNDLE_FORM_DEFAULTS.price),
      };

/** Credit Bundles: what members can buy; add, edit, delete (a bundle already bought is deactivated). */
export function BundlesTab() {
  const flash = useFlash();
  const [editing, setEditing] = useState<AdminBundle | "new" | null>(null);
  const [form, setForm] = useState<FormState>(toForm());
  const [formError, setFormError] = useState<string | null>(null);
  const q = useAdminQuery(flash, adminQueries.bundles(), ADMIN_MESSAGES.loadBundlesFailed);
  // A failure is said in the form, not the tab's flash.
  const saveBundle = useAdminMutation(adminChanges.saveBundle(), {
    report: flash,
    success: (_, { id }) => (id === null ? ADMIN_MESSAGES.bundleCreated : ADMIN_MESSAGES.bundleUpdated),
  });

  // The text fields of the form: each edits its own key.
  const text = (key: "name" | "description" | "credits_amount" | "price") => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.target.value }),
  });

  function open(b: AdminBundle | "new") {
    setEditing(b);
    setForm(toForm(b === "new" ? undefined : b));
    setFormError(null);
  }
  function save(event: FormEvent) {
    event.preventDefault();
    const credits = Number(form.credits_amount);
    const price = Number(form.price);
    if (!form.name.trim()) return setFormError(ADMIN_MESSAGES.bundleNameRequired);
    if (form.credits_amount === "" || !Number.isInteger(credits) || credits < 1)
      return setFormError(ADMIN_MESSAGES.bundleCreditsInvalid);
    if (form.price === "" || !Number.isFinite(price) || price < 0)
      return setFormError(ADMIN_MESSAGES.bundlePriceInvalid);
    if (editing === null) return;
    const body = { ...form, name: form.name.trim(), credits_amount: credits, price: Math.round(price * 100) / 100 };
    saveBundle.mutate(
      { id: editing === "new" ? null : editing.id, body },
      {
        onSuccess: () => setEditing(null),
        onError: (err, { id }) =>
          setFormError(
            err.message || (id === null ? ADMIN_MESSAGES.createBundleFailed : ADMIN_MESSAGES.updateBundleFailed),
          ),
      },
    );
  }
  const deletion = useConfirmDelete(adminChanges.deleteBundle<AdminBundle>(), {
    report: flash,
    describe: (b) => `the bundle "${b.name}"`,
    success: (_, res) => (res.deactivated ? ADMIN_MESSAGES.bundleDeactivated : ADMIN_MESSAGES.bundleDeleted),
    failure: ADMIN_MESSAGES.deleteBundleFailed,
  });

  return (
    <div className="space-y-4">
      {flash.view}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-400">Prices are in rupees (₹), the currency checkout charges in.</p>
        <Button onClick={() => open("new")} icon={<Plus className="size-4" aria-hidden />}>
          Add Bundle
        </Button>
      </div>
      <ListBody
        pending={q.isPending}
        rows={q.data?.bundles}
        empty={ADMIN_MESSAGES.noBundles}
        head={["Name", "Credits", "Price", "Status", "Purchases", "Actions"]}
      >
        {(b) => (
          <tr key={b.id}>
            <td className={cx(td, "min-w-[13rem]")}>
              <p className="font-medium text-white">
                {b.name}{" "}
                {b.is_popular ? (
                  <span className="ml-1 rounded-full bg-amber-400/15 px-2 py-0.5 text-xs text-amber-200">Popular</span>
                ) : null}
              </p>
              {b.description ? <p className="text-xs text-slate-400">{b.description}</p> : null}
            </td>
            <td className={cx(td, "tabular-nums")}>{b.credits_amount}</td>
            <td className={cx(td, "whitespace-nowrap tabular-nums")}>
              {formatRupees(paiseOf(b.price), { fixedPaise: true })}
            </td>
            <td className={td}>
              <span className={b.is_active ? "text-emerald-300" : "text-slate-400"}>
                {b.is_active ? "Active" : "Inactive"}
              </span>
            </td>
            <td className={cx(td, "tabular-nums")}>{b.purchases}</td>
            <td className={td}>
              <div className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Edit ${b.name}`}
                  onClick={() => open(b)}
                  icon={<Pencil className="size-4" aria-hidden />}
                />
                <DeleteIconButton label={`Delete ${b.name}`} onClick={() => deletion.ask(b)} />
              </div>
            </td>
          </tr>
        )}
      </ListBody>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? "Add Credit Bundle" : "Edit Credit Bundle"}
      >
        <form onSubmit={save} noValidate className="space-y-4">
          <TextField label="Name" required {...text("name")} />
          <TextField label="Description" {...text("description")} />
          <div className="grid grid-cols-2 gap-3">
            <TextField label="Credits" type="number" min={1} step={1} required {...text("credits_amount")} />
            <TextField label="Price (₹)" type="number" min={0} step={0.01} required {...text("price")} />
          </div>
          <div className="flex gap-6 text-sm text-slate-200">
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={form.is_active}
                onChange={(e) => setForm({ ...form, is_active: e.target.checked })}
              />
              Active
            </label>
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={form.is_popular}
                onChange={(e) => setForm({ ...form, is_popular: e.target.checked })}
              />
              Popular
            </label>
          </div>
          {formError ? (
            <p role="alert" className="text-sm text-rose-300">
              {formError}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit">{editing === "new" ? "Create" : "Save"}</Button>
          </div>
        </form>
      </Dialog>
      {deletion.dialog}
    </div>
  );
}
