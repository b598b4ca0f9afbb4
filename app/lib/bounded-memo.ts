/**
 * Answers worked out once per key and remembered, at most `capacity` of them: past that, the
 * oldest is forgotten first. For pure, costly answers asked again and again (a zone's offset at a
 * minute, a day's slot starts, a page's stylesheet), whose keys a visitor may vary without end.
 * `undefined` is an answer like any other.
 */
export class BoundedMemo<Key, Value> {
  private readonly answers = new Map<Key, Value>();

  constructor(private readonly capacity: number) {}

  get(key: Key, answer: (key: Key) => Value): Value {
    const remembered = this.answers.get(key);
    if (remembered !== undefined || this.answers.has(key)) return remembered as Value;
    const value = answer(key);
    if (this.answers.size >= this.capacity) this.answers.delete(this.answers.keys().next().value as Key);
    this.answers.set(key, value);
    return value;
  }

  get size(): number {
    return this.answers.size;
  }

  /** The remembered keys, oldest first. */
  keys(): IterableIterator<Key> {
    return this.answers.keys();
  }
}
