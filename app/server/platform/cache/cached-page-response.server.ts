/**
 * A page the page cache keeps, sent to a visitor: 304 when the request names its tag, else in the
 * best coding the request accepts, with a fresh form token in when the page has a form.
 */
import type { Request, Response } from "express";
import Negotiator from "negotiator";
import { ifNoneMatchNames, NOT_IN_304 } from "../http/html-validators.server";
import { policyWithScriptHashes } from "../http/security-headers.server";
import { fillFormToken } from "./form-token-slots.server";
import { type Bodies, type CachedPage, CODINGS, compressed, type FormTokenPage } from "./kept-pages.server";
import { scriptHash } from "./shareable-html.server";

/**
 * The stored page in the coding the request accepts best, or 304 when it names the page's tag.
 * The response's own tag goes with it, so html-validators.server.ts leaves the body alone, and
 * a Content-Encoding tells the compression middleware that the body is coded already.
 */
export function sendCachedPage(req: Request, res: Response, page: CachedPage, newFormToken: () => string): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.vary("Accept-Encoding");
  if (page.etag) {
    res.setHeader("ETag", page.etag);
    if (ifNoneMatchNames(req.headers["if-none-match"], page.etag)) {
      for (const name of NOT_IN_304) res.removeHeader(name);
      res.status(304).end();
      return;
    }
  }
  if (page.formToken) {
    const copy = copyWithToken(page.formToken, newFormToken());
    void copy.bodies.then((bodies) => {
      res.locals.formToken = copy.token;
      res.setHeader("Content-Security-Policy", copy.policy);
      sendBody(req, res, bodies);
    });
    return;
  }
  res.setHeader("Content-Security-Policy", page.policy);
  sendBody(req, res, page.bodies);
}

/** The body in the best coding the request accepts and the page has. */
function sendBody(req: Request, res: Response, bodies: Bodies): void {
  // Browsers accept br and gzip alike (q=1): then the smaller one.
  const accepted = new Negotiator(req).encodings([...CODINGS]);
  const coding = CODINGS.find((candidate) => accepted.includes(candidate) && bodies[candidate]) ?? "identity";
  const body = bodies[coding] ?? bodies.identity;
  if (coding !== "identity") res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", body.length);
  // Node leaves the body out of an answer to HEAD.
  res.status(200).end(body);
}

/**
 * The page with `token` in and the scripts' hashes worked out again: the copy made for the last
 * visitor when the token is the same, else a new one, compressed once for every visitor given it.
 */
function copyWithToken(page: FormTokenPage, token: string): NonNullable<FormTokenPage["latest"]> {
  if (page.latest?.token === token) return page.latest;
  const { html, scripts } = fillFormToken(page.slots, token);
  const policy = policyWithScriptHashes(page.renderedPolicy, page.nonce, scripts.map(scriptHash))!;
  const bodies = compressed(html, true).then(
    (codings): Bodies => ({ identity: html, ...codings }),
    (): Bodies => ({ identity: html }),
  );
  page.latest = { token, policy, bodies };
  return page.latest;
}
