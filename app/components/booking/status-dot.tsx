/** A green or grey dot with its word, e.g. Available / Not Available, Active / Inactive. */
export function StatusDot({ on, label }: { on: boolean; label: string }) {
  return (
    <p className={`flex items-center gap-2 text-sm ${on ? "text-green-700" : "text-gray-600"}`}>
      <span aria-hidden="true" className={`size-2 rounded-full ${on ? "bg-green-500" : "bg-gray-400"}`} />
      {label}
    </p>
  );
}
