// ESLint's configuration for the page's JavaScript (make js): the recommended rules, browser
// globals, the page's modules (server/static/*.js, app.js the entry index.html loads) and each
// game's page.js, all ES modules. The files are served as they are: nothing here builds them.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: ["node_modules/", ".venv/", ".venv-compiled/", ".bench-venv/", "build/", "dist/"],
  },
  js.configs.recommended,
  {
    files: ["src/wartable/server/static/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    files: ["src/wartable/games/*/page.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    files: ["eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
