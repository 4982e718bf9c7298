/**
 * The database schema: every entity of SPEC.md section 3, plus users and sessions for the CMS.
 *
 * The database enforces the spec's rules itself (enumerations, uniqueness, required values), so a
 * bug in one code path cannot store a row the rest of the product does not understand.
 * Enumerations live in `app/lib/enums.ts` so forms, validation and these checks share one list.
 */
export * from "./auth";
export * from "./content";
export * from "./careers";
export * from "./contact";
export * from "./commerce";
export * from "./media";
export * from "./publishing";
export * from "./platform";
