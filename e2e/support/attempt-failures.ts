import { beforeEach } from "vitest";

// A test that fails and then passes on its retry shows only "(retry x1)" in the report. The failed
// attempt's error is printed here, so a flaky test can be traced from a CI log rather than rerun blind.
beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    for (const error of task.result?.errors ?? []) {
      console.error(`[failed attempt ${task.result?.retryCount ?? 0}] ${task.fullName}\n${error.stack ?? error.message}`);
    }
  });
});
