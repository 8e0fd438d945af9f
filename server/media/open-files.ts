import fs from 'node:fs';

interface OpenFile {
  fd: number;
  /** Streams reading through the descriptor now. */
  readers: number;
  /** No longer handed out; closed once its last reader is done. */
  retired: boolean;
}

type OpenCallback = (error: NodeJS.ErrnoException | null, fd: number) => void;
type CloseCallback = (error: NodeJS.ErrnoException | null) => void;

/**
 * Open descriptors of the most recently read media files, shared by the streams that read them.
 *
 * A range request then costs one read instead of an open, a read and a close: players ask for a
 * song in many ranges, and listeners play the same songs. Stored files are content-addressed, so
 * an open descriptor never reads stale bytes; `forget()` closes a key's descriptor when Chorus
 * deletes the file. A file another instance deletes stays readable here until its descriptor is
 * evicted, which exposes nothing: songs are checked in the database before their bytes are read,
 * and only unreferenced files are deleted.
 *
 * Streams come from `read()`: each one's open and close go through this cache (the `fs` option of
 * `fs.createReadStream`), and each reads at its own positions, never at the shared descriptor's.
 */
export class OpenFiles {
  /** By path, least recently used first. */
  private readonly byPath = new Map<string, OpenFile>();
  /** Every descriptor open, cached or retired but still read. */
  private readonly byFd = new Map<number, OpenFile>();

  /** `limit`: how many files stay open between reads (each costs the kernel about a kilobyte). */
  constructor(private readonly limit: number) {}

  /** Descriptors open now, including retired ones still being read. */
  get openCount(): number {
    return this.byFd.size;
  }

  /** The bytes of `path` from `start` (0) to `end` (the last byte), read in `chunkSize` pieces. */
  read(path: string, range: { start?: number; end?: number }, chunkSize: number): fs.ReadStream {
    return fs.createReadStream(path, {
      fs: this.streamFs,
      start: range.start ?? 0,
      ...(range.end === undefined ? {} : { end: range.end }),
      highWaterMark: chunkSize,
    });
  }

  private readonly streamFs = {
    open: (path: string, _flags: unknown, _mode: unknown, callback: OpenCallback): void => {
      const cached = this.byPath.get(path);
      if (cached) {
        cached.readers++;
        this.byPath.delete(path);
        this.byPath.set(path, cached);
        callback(null, cached.fd);
        return;
      }
      fs.open(path, 'r', (error, fd) => {
        if (error) {
          callback(error, -1);
          return;
        }
        const file: OpenFile = { fd, readers: 1, retired: false };
        this.byFd.set(fd, file);
        // Two first reads of one file race to open it; the later descriptor serves its stream only.
        if (this.byPath.has(path)) file.retired = true;
        else this.byPath.set(path, file);
        this.evictBeyondLimit();
        callback(null, fd);
      });
    },
    read: fs.read,
    close: (fd: number, callback: CloseCallback): void => {
      const file = this.byFd.get(fd);
      if (!file) {
        fs.close(fd, callback);
        return;
      }
      file.readers--;
      if (file.retired && file.readers === 0) this.close(file, callback);
      else callback(null);
    },
  };

  /**
   * Closes the descriptors of `path` and of the files under it (once their readers are done),
   * before they are deleted.
   */
  forget(path: string): void {
    for (const [cached, file] of this.byPath) {
      if (cached === path || cached.startsWith(`${path}/`)) this.retire(cached, file);
    }
  }

  private evictBeyondLimit(): void {
    for (const [path, file] of this.byPath) {
      if (this.byPath.size <= this.limit) return;
      this.retire(path, file);
    }
  }

  private retire(path: string, file: OpenFile): void {
    this.byPath.delete(path);
    file.retired = true;
    if (file.readers === 0) this.close(file, () => {});
  }

  private close(file: OpenFile, callback: CloseCallback): void {
    this.byFd.delete(file.fd);
    fs.close(file.fd, callback);
  }
}
