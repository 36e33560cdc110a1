// ESLint: typescript-eslint's recommended rules, the React hooks rules, and the type-aware rules that
// catch real bugs (promises nobody awaits or handles). Formatting is Prettier's (eslint-config-prettier
// turns off every rule that would argue with it). See docs/decisions/008-structure-and-tooling.md.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The web features, one layering block each below (a feature may import its own files by any path).
const webFeatures = readdirSync(new URL("./web/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const project = (tsconfig) => ({ languageOptions: { parserOptions: { project: tsconfig, tsconfigRootDir: import.meta.dirname } } });

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", ".tsbuild/", "data/", "e2e/artifacts/", "web/public/sw.js"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Kysely's dynamic column lists and a few generic helpers need `any` where the types cannot follow.
      "@typescript-eslint/no-explicit-any": "off",
      // `!` after a lookup the code has just guaranteed, under noUncheckedIndexedAccess.
      "@typescript-eslint/no-non-null-assertion": "off",
      eqeqeq: ["error", "smart"],
      "no-console": "off",
    },
  },
  {
    files: ["server/**/*.ts"],
    ...project("./server/tsconfig.json"),
    languageOptions: { ...project("./server/tsconfig.json").languageOptions, globals: globals.node },
  },
  { files: ["shared/**/*.ts"], ignores: ["shared/**/*.test.ts"], ...project("./shared/tsconfig.json") },
  {
    files: ["web/**/*.{ts,tsx}"],
    ...project("./web/tsconfig.json"),
    languageOptions: { ...project("./web/tsconfig.json").languageOptions, globals: globals.browser },
  },
  { files: ["web/**/*.tsx", "web/**/use-*.ts"], ...reactHooks.configs.flat["recommended-latest"] },
  // web layering: components/, hooks/ and lib/ are feature-free building blocks; a feature uses another
  // feature only through that feature's public surface, its api.ts; web/app (shell, router) may import anything.
  {
    files: ["web/components/**", "web/hooks/**", "web/lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/**", "@/app/**"],
              message: "components/, hooks/ and lib/ know no feature: move this to web/app or the feature.",
            },
          ],
        },
      ],
    },
  },
  {
    // The entry and the query client sit above the features but reach them as any feature does.
    files: ["web/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*/**", "!@/features/*/api"],
              message: "A feature is reached through its api.ts (`@/features/<name>/api`).",
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`web/features/${feature}/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*/**", "!@/features/*/api", `!@/features/${feature}/**`],
              message: "Another feature is reached through its api.ts (`@/features/<name>/api`): re-export what is needed there.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // The TypeScript parser for the files an import leads to (without it they are skipped, cycles unseen).
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "web/tsconfig.json" })],
    },
    rules: {
      // A lazy `import()` runs after the module graph has loaded, so it cannot meet a half-evaluated module:
      // a screen's code-split dialog may read the api.ts that re-exports its lazy wrapper.
      "import-x/no-cycle": ["error", { allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    files: ["e2e/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts", "shared/**/*.test.ts", "*.config.ts"],
    ...project("./tsconfig.tools.json"),
    languageOptions: { ...project("./tsconfig.tools.json").languageOptions, globals: globals.node },
  },
  {
    files: ["**/*.{js,mjs}"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  // server layering: the server's and shared/'s import boundaries (issue 25, "The house"). Each zone's
  // patterns match the relative paths its files write; a later block replaces an earlier one's
  // no-restricted-imports for the files both match, so every zone lists all of its limits. Tests set up
  // data through the repositories and are outside these zones.
  ...serverLayering(),
  prettier,
);

/** The server and shared/ layering blocks (kept apart from the web's). */
function serverLayering() {
  const tests = ["**/*.test.ts", "server/test/**", "server/reliability/**"];
  const restrict = (files, patterns) => ({
    files,
    ignores: tests,
    rules: { "no-restricted-imports": ["error", { patterns }] },
  });
  const outside = (levels, message) => ({ regex: `^(\\.\\./){${levels},}`, message });
  const services = { regex: "(^|/)services/", message: "server/db never imports services: the database layer is below them." };
  const web = { regex: "(^|/)(http|routes|dav)/", message: "Only the HTTP layer imports server/http, server/routes, server/dav." };
  const repositories = {
    regex: "(^|/)db/repositories/",
    message: "Routes and CardDAV call services (which authorize), never the repositories.",
  };
  const migrationsOnly = "A migration imports only server/db/** (a copy as it was goes in server/db/migrations/frozen/).";
  const sharedOnly = "shared/ imports nothing outside shared/: both sides run it.";
  return [
    {
      files: ["server/**/*.ts", "shared/**/*.ts"],
      plugins: { "import-x": importX },
      settings: {
        "import-x/extensions": [".ts"],
        "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
        "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json", noWarnOnMultipleProjects: true })],
      },
      // Type-only imports (`import type`, or every specifier `type`) are not followed: import-x skips them.
      rules: { "import-x/no-cycle": "error" },
    },
    restrict(["server/services/**/*.ts"], [web]),
    restrict(["server/routes/**/*.ts", "server/dav/**/*.ts"], [repositories]),
    restrict(["server/db/**/*.ts"], [services, web]),
    restrict(["server/db/migrations/*.ts"], [outside(2, migrationsOnly)]),
    restrict(["server/db/migrations/*/*.ts"], [outside(3, migrationsOnly)]),
    restrict(["shared/*.ts"], [outside(1, sharedOnly)]),
    restrict(["shared/*/*.ts"], [outside(2, sharedOnly)]),
    restrict(["shared/*/*/*.ts"], [outside(3, sharedOnly)]),
  ];
}
