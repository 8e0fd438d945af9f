/** For pages whose feature has not shipped yet: says so plainly instead of pretending. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">
        This page is not built yet. It is coming in a later version of Chorus.
      </p>
    </section>
  );
}
