import type { ExportTarget } from './prompt-export.ts';

/*
 * The <prompt-export-menu> element of src/components/PromptExportMenu.astro: a catalogue page's
 * "Export all" menu. The menu itself is a <nav-menu> (src/browser/menus.ts: keyboard, focus,
 * one open at a time); this only exports when an item is chosen. The exporter and the prompts
 * load then, not with the page (its byte budget, tests/e2e/budgets.spec.ts).
 */
class PromptExportMenu extends HTMLElement {
  #wired = false;

  connectedCallback(): void {
    if (this.#wired) return;
    this.#wired = true;
    this.addEventListener('click', (event) => {
      const item = (event.target as Element).closest<HTMLElement>('[data-export-target]');
      if (item) void this.#export(item.dataset.exportTarget as ExportTarget);
    });
  }

  async #export(target: ExportTarget): Promise<void> {
    const button = this.querySelector<HTMLElement>('[data-menu-button]');
    button?.setAttribute('aria-busy', 'true');
    let exporter: typeof import('./prompt-export.ts') | undefined;
    try {
      exporter = await import('./prompt-export.ts');
      const catalogue = this.dataset.catalogue;
      const prompts = (await exporter.loadAllPrompts()).filter(
        (prompt) => !catalogue || prompt.catalogue === catalogue,
      );
      await exporter.exportPrompts(target, prompts, exporter.storedValues(prompts), {
        title: this.dataset.title,
      });
    } catch (error) {
      if (exporter) exporter.exportFailed(error);
      else console.error('Could not load the exporter', error);
    } finally {
      button?.removeAttribute('aria-busy');
    }
  }
}

customElements.define('prompt-export-menu', PromptExportMenu);
