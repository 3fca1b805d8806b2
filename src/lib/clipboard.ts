/** What copying needs from the browser, passed in so the fallback path can be tested. */
export interface ClipboardEnv {
  clipboard?: Pick<Clipboard, 'writeText'> | undefined;
  document: Pick<Document, 'createElement' | 'execCommand'> & { body: Pick<HTMLElement, 'append'> };
}

/**
 * Copies text inside a click handler. Uses the async Clipboard API and falls back to a hidden
 * textarea with execCommand('copy') where the API is missing or refused (insecure origins,
 * older browsers, denied permission). Resolves to whether the text reached the clipboard.
 */
export async function writeClipboard(text: string, env: ClipboardEnv): Promise<boolean> {
  if (env.clipboard) {
    try {
      await env.clipboard.writeText(text);
      return true;
    } catch {
      // Refused: try the legacy path below, which some browsers still allow on a user gesture.
    }
  }
  const area = env.document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  env.document.body.append(area);
  area.select();
  try {
    return env.document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
