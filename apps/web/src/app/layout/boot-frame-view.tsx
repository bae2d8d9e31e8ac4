import { bootPicture, bootScreenFrame } from '../boot-frame.ts';

/** Element Timing's name for the first page's picture: the phone benchmark reads when it was painted. */
export const FIRST_PAGE_TIMING = { elementtiming: 'first-page' } as Record<string, string>;

/**
 * index.html's frame (its classes are styled inline there) drawn by React while the first
 * screen's code loads, so that taking over the page changes nothing the reader sees — the easy-
 * sign link's first page stays where it was, instead of a blank page until the route arrives.
 */
export function BootFrameView() {
  const picture = bootPicture();
  const screen = bootScreenFrame();
  return (
    <div className="boot">
      <div className="boot-bar">Signet</div>
      {screen && (
        // The build's own markup (route-pages.ts `frameMarkup`, its words escaped there), read back
        // from the page the browser has already parsed: one markup for both frames, not a copy.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above; nothing here comes from a user.
        <div dangerouslySetInnerHTML={{ __html: screen }} />
      )}
      {picture && (
        <img
          className="boot-page"
          src={picture.src}
          alt={picture.alt}
          width={picture.width}
          height={picture.height}
          {...FIRST_PAGE_TIMING}
        />
      )}
    </div>
  );
}
