import js from "@eslint/js";
import globals from "globals";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      // Side builds and results of parallel or benchmark runs.
      "build-*/",
      "test-results-*/",
      "bench-results/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "app/db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    files: ["server.js", "scripts/**", "tests/**", "**/*.test.ts", "*.config.ts"],
    languageOptions: { globals: globals.node },
    rules: { "no-console": "off" },
  },
  {
    // Size limits: a file or a function a newcomer can read in one sitting. Every line counts,
    // blank lines and comments included, as a reader scrolls past them too (and as `wc -l` and the
    // code review measure). Components and other browser code: functions up to 150 lines.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: {
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Server code (the domain modules, loaders and actions, the Express app, the operational
    // scripts) is held to 80-line functions: each one a few named steps.
    files: ["app/server/**/*.ts", "app/**/*.server.ts", "server/**/*.ts", "scripts/**/*.ts", "server.js"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Exempt from the size limits: tests, and the site's copy and demo content (long by nature, no logic).
    files: ["app/content/**", "app/db/seed-data.ts", "**/*.test.{ts,tsx}", "tests/**"],
    rules: { "max-lines": "off", "max-lines-per-function": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
  {
    // Playwright fixtures take `{}` and call `use(...)`, which is not React's `use` hook.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off", "react-hooks/rules-of-hooks": "off" },
  },
);
