/** A short state word in a coloured pill, e.g. Disabled, Locked, Archived. */
export function Badge({
  tone,
  children,
}: {
  tone: "red" | "green" | "amber" | "grey";
  children: React.ReactNode;
}) {
  const tones = {
    red: "bg-red-50 text-red-800 ring-red-200",
    green: "bg-green-50 text-green-800 ring-green-200",
    amber: "bg-amber-50 text-amber-900 ring-amber-200",
    grey: "bg-gray-50 text-gray-800 ring-gray-200",
  };
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
