// Inlined as it is by src/components/PrePaintScript.astro (see there); hashed in astro.config.ts.
(() => {
  const root = document.documentElement;
  const options = document.currentScript.dataset;
  try {
    let theme = localStorage.getItem(options.themeKey);
    if (theme !== 'light' && theme !== 'dark') {
      theme = matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
    }
    root.classList.toggle('dark', theme === 'dark');
    const session = JSON.parse(localStorage.getItem(options.authKey) || 'null');
    const stored = Boolean(session && session.refresh_token && session.user);
    if (stored) root.setAttribute('data-member', '');
    if ('membersOnly' in options) {
      if (!stored) {
        location.replace('/auth');
      } else {
        const claims = JSON.parse(
          atob(session.access_token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')),
        );
        const factors = session.user.factors || [];
        const needsAal2 = factors.some((f) => f.status === 'verified') && claims.aal !== 'aal2';
        if (needsAal2) location.replace('/auth');
        else if (session.expires_at * 1000 > Date.now()) {
          root.setAttribute('data-auth', 'ok');
          if (options.keyUrl && !sessionStorage.getItem(options.keyStorage)) {
            root.setAttribute('data-key-pending', '');
            fetch(options.keyUrl, {
              headers: {
                apikey: options.keyApikey,
                Authorization: `Bearer ${session.access_token}`,
              },
            })
              .then((response) => (response.ok ? response.json() : {}))
              .then((body) => body.key && sessionStorage.setItem(options.keyStorage, body.key))
              .catch(() => {})
              .finally(() => {
                root.removeAttribute('data-key-pending');
                dispatchEvent(new Event(options.keyEvent));
              });
          }
        }
      }
    }
  } catch {
    // Storage can be blocked (privacy mode): the dark default and visitors' shell stand, and a
    // members' page keeps its spinner until the bundled guard decides.
  }
})();
