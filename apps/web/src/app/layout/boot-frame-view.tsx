import { bootHeading, bootPicture } from '../boot-frame.ts';

/** Element Timing's name for the first page's picture: the phone benchmark reads when it was painted. */
export const FIRST_PAGE_TIMING = { elementtiming: 'first-page' } as Record<string, string>;

/**
 * index.html's frame (its classes are styled inline there) drawn by React while the first
 * screen's code loads, so that taking over the page changes nothing the reader sees — the easy-
 * sign link's first page stays where it was, instead of a blank page until the route arrives.
 */
export function BootFrameView() {
  const picture = bootPicture();
  const heading = bootHeading();
  const title = heading && <h1 className="boot-title">{heading.text}</h1>;
  return (
    <div className="boot">
      <div className="boot-bar">Signet</div>
      {heading?.layout === 'page' && <main className="boot-main boot-wide">{title}</main>}
      {heading?.layout === 'card' && (
        <main className="boot-main">
          <div className="boot-card">
            {title}
            <div aria-hidden="true">
              <div className="boot-bar-field" />
              <div className="boot-bar-field" />
              <div className="boot-bar-button" />
            </div>
          </div>
        </main>
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
