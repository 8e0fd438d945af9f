/**
 * `count` distinct ids picked at random from `lists`, as if they were one list (an id in two of
 * them is twice as likely), leaving `except` out. Picks by position, so a pick among a whole
 * catalog costs what one among a hundred does, where SQL's `order by random()` reads and sorts
 * every candidate. Fewer come back when fewer are there.
 */
export function pickAtRandom(
  lists: readonly ArrayLike<number>[],
  count: number,
  except?: number,
  random: () => number = Math.random,
): number[] {
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  if (total <= 4 * count) {
    // Few enough to shuffle them all (Fisher–Yates).
    const all = [...new Set(lists.flatMap((list) => Array.from(list)))].filter(
      (id) => id !== except,
    );
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    return all.slice(0, count);
  }
  const picked = new Set<number>();
  // A bound on the draws, for lists that repeat one another's ids.
  for (let draws = 0; picked.size < count && draws < 8 * count; draws++) {
    let at = Math.floor(random() * total);
    for (const list of lists) {
      if (at < list.length) {
        const id = list[at]!;
        if (id !== except) picked.add(id);
        break;
      }
      at -= list.length;
    }
  }
  return [...picked];
}
