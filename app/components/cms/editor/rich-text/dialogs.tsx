/**
 * The editor's dialogs: a link (a page of this site, or an address), an image when no media
 * library picker is given, an image's caption and alt text, and a site setting to insert.
 * None is a <form>: the editor sits inside the CMS's form, and a form's submit event would reach
 * it through React's tree even from a portal. Enter in a field confirms, as in a form.
 */
import { useId, useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { SelectField, TextField } from "~/components/ui/form-field";
import { isAllowedImageSrc, isAllowedLinkHref } from "~/lib/rich-text/addresses";
import type { PageOption, PickedImage, PlaceholderOption } from "./types";

function onEnter(action: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      action();
    }
  };
}

function Actions({
  confirm,
  confirmLabel,
  onCancel,
}: {
  confirm: () => void;
  confirmLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="button" onClick={confirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}

export const LINK_ADDRESS_MESSAGE =
  "Enter an address starting with https://, http://, mailto: or tel:, or a path on this site starting with /.";

/** Adds, changes or removes the link on the selection. `href` is the current link's, if any. */
export function LinkDialog({
  href,
  pages,
  onSave,
  onRemove,
  onClose,
}: {
  href: string;
  pages: readonly PageOption[];
  onSave: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const onSite = pages.some((page) => page.path === href);
  const [page, setPage] = useState(onSite ? href : "");
  const [address, setAddress] = useState(onSite ? "" : href);
  const [error, setError] = useState<string | undefined>();
  const save = () => {
    const value = page || address.trim();
    if (!value || !isAllowedLinkHref(value)) return setError(LINK_ADDRESS_MESSAGE);
    onSave(value);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>{href ? "Edit link" : "Add link"}</DialogTitle>
        <DialogDescription>Link to a page of this site, or enter an address.</DialogDescription>
        <SelectField
          id={`${id}-page`}
          label="Page on this site"
          value={page}
          options={pages.map((option) => option.path)}
          optionLabel={(path) => {
            const option = pages.find((candidate) => candidate.path === path);
            return option && option.title !== path ? `${option.title} (${path})` : path;
          }}
          onChange={(event) => {
            setPage(event.currentTarget.value);
            setError(undefined);
          }}
        >
          <option value="">None: use the address below</option>
        </SelectField>
        <TextField
          id={`${id}-address`}
          label="Or an address"
          value={address}
          disabled={page !== ""}
          placeholder="https://example.com/"
          error={error}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => {
            setAddress(event.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={onEnter(save)}
        />
        <div className="flex flex-wrap justify-between gap-2">
          {href ? (
            <Button type="button" variant="outline" onClick={onRemove}>
              Remove link
            </Button>
          ) : (
            <span />
          )}
          <Actions confirm={save} confirmLabel="Save link" onCancel={onClose} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The default image picker, used only when the editor is given none (the media library gives
 * its own): an address and the alt text, both required.
 */
export function ImageAddressDialog({ onPick, onClose }: { onPick: (image: PickedImage) => void; onClose: () => void }) {
  const id = useId();
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ src?: string; alt?: string }>({});
  const insert = () => {
    const next = {
      src: isAllowedImageSrc(src.trim())
        ? undefined
        : "Enter an address starting with https:// or http://, or a path on this site starting with /.",
      alt: alt.trim() ? undefined : "Describe the image for people who cannot see it.",
    };
    setErrors(next);
    if (next.src || next.alt) return;
    onPick({ id: "", src: src.trim(), alt: alt.trim(), width: 0, height: 0 });
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>Insert image</DialogTitle>
        <DialogDescription>The image's address and a text alternative for people who cannot see it.</DialogDescription>
        <TextField
          id={`${id}-src`}
          label="Image address *"
          value={src}
          error={errors.src}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => setSrc(event.currentTarget.value)}
          onKeyDown={onEnter(insert)}
        />
        <TextField
          id={`${id}-alt`}
          label="Alt text *"
          value={alt}
          error={errors.alt}
          onChange={(event) => setAlt(event.currentTarget.value)}
          onKeyDown={onEnter(insert)}
        />
        <Actions confirm={insert} confirmLabel="Insert image" onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** The selected image's caption and alt text. */
export function ImageDetailsDialog({
  alt: initialAlt,
  caption: initialCaption,
  onSave,
  onClose,
}: {
  alt: string;
  caption: string;
  onSave: (details: { alt: string; caption: string | null }) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [alt, setAlt] = useState(initialAlt);
  const [caption, setCaption] = useState(initialCaption);
  const [error, setError] = useState<string | undefined>();
  const save = () => {
    if (!alt.trim()) return setError("Describe the image for people who cannot see it.");
    onSave({ alt: alt.trim(), caption: caption.trim() || null });
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>Image caption and alt text</DialogTitle>
        <DialogDescription>
          The caption is shown under the image; the alt text replaces it for screen readers.
        </DialogDescription>
        <TextField
          id={`${id}-alt`}
          label="Alt text *"
          value={alt}
          error={error}
          onChange={(event) => setAlt(event.currentTarget.value)}
          onKeyDown={onEnter(save)}
        />
        <TextField
          id={`${id}-caption`}
          label="Caption"
          value={caption}
          onChange={(event) => setCaption(event.currentTarget.value)}
          onKeyDown={onEnter(save)}
        />
        <Actions confirm={save} confirmLabel="Save" onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** The public site settings; choosing one inserts its placeholder chip. */
export function SettingDialog({
  settings,
  onPick,
  onClose,
}: {
  settings: readonly PlaceholderOption[];
  onPick: (key: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>Insert setting</DialogTitle>
        <DialogDescription>
          The page shows the setting's current value, and follows it when the setting changes.
        </DialogDescription>
        {settings.length === 0 ? (
          <p className="text-sm">There are no public settings.</p>
        ) : (
          <ul className="grid max-h-80 gap-1 overflow-y-auto">
            {settings.map((setting) => (
              <li key={setting.key}>
                <button
                  type="button"
                  className="grid w-full rounded-md border px-3 py-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onPick(setting.key)}
                >
                  <span className="font-mono text-sm">{`{{${setting.key}}}`}</span>
                  <span className="truncate text-xs text-muted-foreground">{setting.value || "(empty)"}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
