/** A section's failure in words, announced when it appears. */
export default function SectionAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200"
    >
      {message}
    </p>
  );
}
