#!/usr/bin/env bash
# `npm run test:firebase`: the Firebase sign-in tests against the real Firebase Auth emulator, offline.
# firebase-tools (~500 MB) is not a project dependency: it is installed once into a cache folder
# outside the repository and reused. The API test exchanges real emulator tokens; the browser test
# drives the shop built for Firebase (the PUBLIC_* values below point the SDK at the emulator).
set -euo pipefail
cd "$(dirname "$0")/.."
tools="${FIREBASE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/yaad-firebase-tools}"
firebase="$tools/node_modules/.bin/firebase"
if [ ! -x "$firebase" ]; then
  echo "Installing firebase-tools@15 into $tools (once)…"
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error firebase-tools@15
fi
emulate() { "$firebase" emulators:exec --only auth --project demo-yaad "$1"; }

emulate "npx vitest run tests/api/firebase-emulator.test.ts"
E2E_PORT="${E2E_PORT:-4398}" FIREBASE_PROJECT_ID=demo-yaad \
  PUBLIC_FIREBASE_API_KEY=demo-key PUBLIC_FIREBASE_AUTH_DOMAIN=demo-yaad.firebaseapp.com \
  PUBLIC_FIREBASE_PROJECT_ID=demo-yaad PUBLIC_FIREBASE_APP_ID=1:1:web:1 \
  PUBLIC_FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 \
  emulate "npx playwright test tests/e2e/firebase.spec.ts"
