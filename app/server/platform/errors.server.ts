/**
 * The one error for what a person did wrong, rather than what broke: a taken slug, an unknown
 * status, a file of the wrong type, a wrong current password. Its message is written for them and
 * safe to show as it is; `status` is the HTTP answer (400 unless said otherwise) and `field`, when
 * set, the form field it belongs to. Anything else that is thrown is a fault: logged, and answered
 * with a plain message that reveals nothing (see routes/cms/cms-action.server.ts).
 */
export class ExpectedError extends Error {
  override name = "ExpectedError";
  readonly status: number;
  readonly field: string | undefined;

  constructor(message: string, options: { status?: number; field?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status ?? 400;
    this.field = options.field;
  }
}
