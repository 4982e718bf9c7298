/**
 * html-validate over documents held in memory, with the project's configuration
 * (`.htmlvalidate.mjs`, which says why each rule that differs from the preset does). Uses the Node
 * API: the package's command line needs a newer Node than the project's minimum.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { HtmlValidate, StaticConfigLoader, type ConfigData } from "html-validate";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface HtmlValidateMessage {
  document: string;
  rule: string;
  message: string;
  selector: string | null;
  line: number;
}

/** Which document it is: as served, after hydration, or after hydration with a modal dialog open. */
export type DocumentKind = "served" | "hydrated" | "modal";

interface ProjectConfig {
  default: ConfigData;
  afterHydration: ConfigData;
  withModalDialogOpen: ConfigData;
}

let validators: Promise<Record<DocumentKind, HtmlValidate>> | undefined;

async function loadValidators(): Promise<Record<DocumentKind, HtmlValidate>> {
  const config = (await import(pathToFileURL(path.join(projectRoot, ".htmlvalidate.mjs")).href)) as ProjectConfig;
  const withRules = (extra: ConfigData) =>
    new HtmlValidate(new StaticConfigLoader({ ...config.default, rules: { ...config.default.rules, ...extra.rules } }));
  return {
    served: withRules({}),
    hydrated: withRules(config.afterHydration),
    modal: withRules(config.withModalDialogOpen),
  };
}

/** Every error and warning html-validate finds in the document, named by `name`. */
export async function checkWithHtmlValidate(
  name: string,
  html: string,
  kind: DocumentKind = "served",
): Promise<HtmlValidateMessage[]> {
  validators ??= loadValidators();
  const report = await (await validators)[kind].validateString(html, `${name}.html`);
  return report.results.flatMap((result) =>
    result.messages.map((message) => ({
      document: name,
      rule: message.ruleId,
      message: message.message,
      selector: message.selector,
      line: message.line,
    })),
  );
}
