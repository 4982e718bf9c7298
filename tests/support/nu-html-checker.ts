/**
 * The W3C Nu HTML checker (vnu, from the vnu-jar package) over many documents in ONE Java run: the
 * JVM takes seconds to start, so one run per page would cost minutes. Needs a Java runtime (17 or
 * newer); without one it says how to install it.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const VNU_JAR = path.join(projectRoot, "node_modules/vnu-jar/build/dist/vnu.jar");

/**
 * A run lasts seconds, too short for the optimising compiler to pay back: the quick one alone
 * (TieredStopAtLevel=1) halves the CPU time. Its code uses deeper stacks, and vnu's schema checker
 * recurses deeply (it asks for at least 512 KB), hence the larger thread stack.
 */
const JVM_OPTIONS = ["-XX:TieredStopAtLevel=1", "-Xss16m"];

export interface NuDocument {
  /** How the document is named in the messages: its address and state, e.g. "/contact?job=x (hydrated)". */
  name: string;
  html: string;
}

export interface NuMessage {
  document: string;
  /** "error", or "info" (with subType "warning" for a warning); "non-document-error" for I/O trouble. */
  type: string;
  subType?: string;
  message: string;
  extract?: string;
  line?: number;
}

interface VnuJson {
  messages: {
    type: string;
    subType?: string;
    url?: string;
    message: string;
    extract?: string;
    lastLine?: number;
  }[];
}

/** The java binary: JAVA_HOME's if set, else the one on the PATH. */
function javaBinary(): string {
  return process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin", "java") : "java";
}

export const JAVA_MISSING =
  "The Nu HTML checker (vnu) needs a Java runtime (17 or newer) and none was found " +
  "(java on the PATH, or JAVA_HOME). Install one, e.g. on Debian or Ubuntu:\n\n" +
  "    sudo apt-get update && sudo apt-get install -y --no-install-recommends default-jre-headless\n\n" +
  "(.ci/run installs it in CI.)";

/** Throws with JAVA_MISSING when there is no Java to run vnu with. */
export function assertJavaAvailable(): void {
  const probe = spawnSync(javaBinary(), ["-version"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) throw new Error(JAVA_MISSING);
}

/**
 * vnu's CSS parser predates CSS Properties and Values (`@property`), which Tailwind 4 uses to
 * register its custom properties, and reports the three parts of that machinery as errors, though
 * each is valid CSS: the `@property` rules themselves; the `margin-trim` test in the `@supports`
 * condition by which Tailwind's fallback finds browsers without `@property`; and the registered
 * properties (`--tw-gradient-from`, ...) named in `transition-property`, which only a registered
 * custom property can be. Exactly those messages are set aside, nothing else in the stylesheet
 * (the canary document of the standards test proves another CSS error still counts).
 */
const TAILWIND_PROPERTY_COMPLAINTS = [
  // Likewise container queries (CSS Containment Level 3, in every current browser): Tailwind's
  // `@container` and `@4xl:` utilities, which the CMS's editor lays its columns out with.
  /^CSS: Unrecognized at-rule “@container”\.?$/,
  /^CSS: “container-type”: Property “container-type” doesn't exist\.$/,
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
  /^CSS: “transition-property”: “--tw-[a-z-]+” is not a “transition-property” value\.$/,
];

export function isTailwindPropertyComplaint(message: Pick<NuMessage, "message">): boolean {
  return TAILWIND_PROPERTY_COMPLAINTS.some((pattern) => pattern.test(message.message));
}

/**
 * The toaster (Sonner) injects its stylesheet once a page may show a toast. One of its rules sets
 * a custom property to unevaluated tokens (`--scale: var(--toasts-before) * 0.05 + 1`), which CSS
 * Variables allow and vnu's parser does not know. Only that parse error, recognised by its extract,
 * is set aside.
 */
export function isToasterCustomPropertyComplaint(message: Pick<NuMessage, "message" | "extract">): boolean {
  return message.message === "CSS: Parse Error." && (message.extract ?? "").includes("fore) * 0.05 + 1;--y:translate");
}

/**
 * The head's `<link rel="expect" href="#site-footer" blocking="render">` (app/lib/browser/first-paint.ts)
 * is the HTML standard's own ("link-type-expect": rendering waits until the element is parsed),
 * newer than vnu's rule that only a stylesheet link may block rendering. Only that complaint about
 * that link is set aside.
 */
export function isExpectLinkComplaint(message: Pick<NuMessage, "message" | "extract">): boolean {
  return (
    message.message.startsWith("A “link” element with a “blocking” attribute must have a “rel” attribute") &&
    /<link rel="expect" href="#site-footer" blocking="render"\/?>/.test(message.extract ?? "")
  );
}

/**
 * The site inlines one stylesheet (`<style id="site-styles">`, the same bytes on every page, as
 * inline-stylesheet.spec.ts proves). vnu would check it again in every document, which is half its
 * work; each distinct stylesheet is checked once, in the first document that has it.
 */
export function withoutRepeatedStylesheets<Document extends NuDocument>(documents: readonly Document[]): Document[] {
  const seen = new Set<string>();
  return documents.map((document) => ({
    ...document,
    html: document.html.replace(/(<style id="site-styles">)([\s\S]*?)(<\/style>)/, (whole, open, css, close) => {
      if (!seen.has(css)) {
        seen.add(css);
        return whole;
      }
      return `${open}${close}`;
    }),
  }));
}

/**
 * Runs vnu once over every document and returns its messages, each named by its document, with
 * the complaints above left out.
 */
export async function checkWithNu(documents: readonly NuDocument[]): Promise<NuMessage[]> {
  assertJavaAvailable();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  try {
    const names = new Map<string, string>();
    const files = withoutRepeatedStylesheets(documents).map((document, index) => {
      const file = path.join(dir, `${String(index).padStart(3, "0")}.html`);
      fs.writeFileSync(file, document.html);
      names.set(path.basename(file), document.name);
      return file;
    });
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(javaBinary(), [...JVM_OPTIONS, "-jar", VNU_JAR, "--format", "json", "--stdout", ...files], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => (stdout += chunk));
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("error", reject);
      // vnu exits with 1 when it found errors: its JSON is the answer either way.
      child.on("close", (code) =>
        stdout.trim() ? resolve(stdout) : reject(new Error(`vnu exited with ${code} and no report:\n${stderr}`)),
      );
    });
    const report = JSON.parse(output) as VnuJson;
    return report.messages
      .map((message) => ({
        document: names.get(path.basename(message.url ?? "")) ?? message.url ?? "(vnu)",
        type: message.type,
        subType: message.subType,
        message: message.message,
        extract: message.extract,
        line: message.lastLine,
      }))
      .filter(
        (message) =>
          !isTailwindPropertyComplaint(message) &&
          !isToasterCustomPropertyComplaint(message) &&
          !isExpectLinkComplaint(message),
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Errors (and fatal or I/O errors) fail a check; warnings are reported; plain information is not. */
export const isNuError = (message: NuMessage) => message.type === "error" || message.type === "non-document-error";
export const isNuWarning = (message: NuMessage) => message.type === "info" && message.subType === "warning";
