import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { toastStore } from "../lib/toast";

afterEach(() => {
  cleanup();
  toastStore.reset();
  localStorage.clear();
});

import { configure } from "@testing-library/react";

// Screens are lazy chunks; the first import of each can take a moment under the test transformer.
configure({ asyncUtilTimeout: 4000 });
