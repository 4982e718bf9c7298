import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Switch } from "~/components/ui/switch";
import { COOKIE_CATEGORIES } from "~/lib/consent/cookie-categories";
import type { CookieSettings } from "~/lib/consent/cookie-consent";

/**
 * The Settings dialog of the cookie banner: three toggles, with strictly necessary fixed on, and
 * the id of the visitor's recorded choice (their proof of consent) once the server has answered.
 */
export default function CookieSettingsDialog({
  initialSettings,
  consentId,
  onConfirm,
  onCancel,
}: {
  initialSettings: CookieSettings;
  consentId: string | null;
  onConfirm: (settings: CookieSettings) => void;
  onCancel: () => void;
}) {
  const [settings, setSettings] = useState(initialSettings);
  const idPrefix = useId();

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent data-testid="cookie-settings-dialog">
        <DialogTitle>Cookie settings</DialogTitle>
        <DialogDescription>
          Choose which optional cookies we may use. Strictly necessary cookies keep the site working and are always on.
        </DialogDescription>
        <ul className="grid gap-4">
          <li className="flex items-start justify-between gap-4">
            <div>
              <label
                id={`${idPrefix}-necessary-label`}
                htmlFor={`${idPrefix}-necessary`}
                className="text-sm font-medium"
              >
                Strictly necessary
              </label>
              <p className="text-sm text-muted-foreground">
                Security, your cookie choice, theme and basket. Always on.
              </p>
            </div>
            <Switch
              id={`${idPrefix}-necessary`}
              aria-labelledby={`${idPrefix}-necessary-label`}
              checked
              disabled
              aria-readonly="true"
            />
          </li>
          {COOKIE_CATEGORIES.map((category) => (
            <li key={category.key} className="flex items-start justify-between gap-4">
              <div>
                <label
                  id={`${idPrefix}-${category.key}-label`}
                  htmlFor={`${idPrefix}-${category.key}`}
                  className="text-sm font-medium"
                >
                  {category.title}
                </label>
                <p className="text-sm text-muted-foreground">{category.description}</p>
              </div>
              <Switch
                id={`${idPrefix}-${category.key}`}
                aria-labelledby={`${idPrefix}-${category.key}-label`}
                checked={settings[category.key]}
                onCheckedChange={(checked) => setSettings((current) => ({ ...current, [category.key]: checked }))}
              />
            </li>
          ))}
        </ul>
        {consentId ? (
          <p className="text-sm text-muted-foreground" data-testid="cookie-consent-id">
            Your consent ID: <span className="font-mono break-all text-foreground">{consentId}</span>. Quote it if you
            ask us about the choice you made.
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" onClick={() => onConfirm(settings)}>
            Confirm
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
