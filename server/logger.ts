export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One line per event: time, level, message, then JSON fields. */
export function createConsoleLogger(): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    const line = `${new Date().toISOString()} ${level} ${message}${fields ? " " + JSON.stringify(fields) : ""}`;
    (level === "ERROR" ? console.error : console.log)(line);
  };
  return {
    info: (m, f) => write("INFO", m, f),
    warn: (m, f) => write("WARN", m, f),
    error: (m, f) => write("ERROR", m, f),
  };
}

/** Keeps lines in memory; tests read them instead of the console. */
export function createMemoryLogger(): Logger & { lines: { level: string; message: string; fields?: Record<string, unknown> }[] } {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ level, message, ...(fields ? { fields } : {}) });
  };
  return { lines, info: push("info"), warn: push("warn"), error: push("error") };
}
