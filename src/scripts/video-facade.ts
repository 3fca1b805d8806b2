import { VIDEO_EMBED_ORIGIN } from '../lib/constants.ts';

/*
 * Delegated, so a facade inserted after load (decrypted members' content) works too. The click is
 * the member's consent to load YouTube's player from its privacy-enhanced domain.
 */
document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('[data-video-id]');
  const facade = button?.closest<HTMLElement>('[data-video-facade]');
  if (!button || !facade) return;
  const iframe = document.createElement('iframe');
  iframe.src = `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(button.dataset.videoId ?? '')}?autoplay=1&rel=0`;
  iframe.title = button.dataset.videoTitle ?? 'Video';
  iframe.allow =
    'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture';
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  iframe.allowFullscreen = true;
  iframe.className = 'absolute inset-0 size-full';
  button.replaceWith(iframe);
  iframe.focus();
});

/*
 * A thumbnail that cannot load (offline, or the image host blocked) would show the browser's
 * broken-image icon over the facade; hide it and leave the dark frame and its play button.
 * Captured, since error events do not bubble, and it also covers facades decrypted later.
 */
function hideBrokenThumbnail(image: HTMLImageElement): void {
  image.hidden = true;
}
document.addEventListener(
  'error',
  (event) => {
    const target = event.target;
    if (target instanceof HTMLImageElement && target.closest('[data-video-facade]')) {
      hideBrokenThumbnail(target);
    }
  },
  true,
);
document.querySelectorAll<HTMLImageElement>('[data-video-facade] img').forEach((image) => {
  if (image.complete && image.naturalWidth === 0) hideBrokenThumbnail(image);
});
