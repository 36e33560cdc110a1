// ESLint: typescript-eslint's recommended rules, the React hooks rules, and the type-aware rules that
// catch real bugs (promises nobody awaits or handles). Formatting is Prettier's (eslint-config-prettier
// turns off every rule that would argue with it). See docs/decisions/008-structure-and-tooling.md.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  prettier,
);
