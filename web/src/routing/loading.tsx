import { useTexts } from '../i18n/texts.ts';

/** The content area while a page's code loads: the header above it stays. */
export function PageLoading() {
  const { appLoadTexts } = useTexts('messages');
  return (
    <div className="page-loading" role="status">
      <p className="page-loading-text">{appLoadTexts.loading}</p>
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-block" />
      <div className="skeleton skeleton-block" />
    </div>
  );
}

/**
 * The first screen of a page with the header, before the header's code has arrived: a bar where the
 * header will be and the content skeleton under it, so nothing jumps when the real ones replace them.
 */
export function FrameLoading() {
  return (
    <>
      <div className="frame-loading-header" aria-hidden="true">
        <span className="frame-loading-brand">Tutorfolio</span>
      </div>
      <main className="frame-loading-content">
        <PageLoading />
      </main>
    </>
  );
}

/** A screen without the header (sign-in, sign-up) while its code loads. */
export function ScreenLoading() {
  const { appLoadTexts } = useTexts('messages');
  return (
    <main className="frame-loading-content">
      <p role="status" className="screen-loading">
        {appLoadTexts.loading}
      </p>
    </main>
  );
}
