/** Names longer than these (in characters) get the smaller scales of `.hero-title` (styles.css). */
const MEDIUM_FROM = 20;
const LONG_FROM = 40;

export function heroTitleLength(text: string): 'short' | 'medium' | 'long' {
  const length = Array.from(text).length;
  return length >= LONG_FROM ? 'long' : length >= MEDIUM_FROM ? 'medium' : 'short';
}

/** A page's big title (artist, album, playlist): it scales down with the window and with length. */
export function HeroTitle({ children }: { children: string }) {
  return (
    <h1 className="hero-title my-2 font-black break-words" data-length={heroTitleLength(children)}>
      {children}
    </h1>
  );
}
