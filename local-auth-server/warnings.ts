/**
 * node:sqlite prints an ExperimentalWarning on load; it says nothing actionable to a developer
 * starting the server, so that one warning is dropped and every other warning still shows.
 * Call before node:sqlite is first imported.
 */
export function silenceSqliteWarning(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name === 'ExperimentalWarning' && /SQLite/.test(warning.message)) return;
    console.warn(`${warning.name}: ${warning.message}`);
  });
}
