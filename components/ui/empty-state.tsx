/**
 * What an empty list says, with the next step as its action. Its title is a heading one level below
 * the section it sits in: 2 under a page's title, 3 inside a card or a titled section (axe's
 * heading-order: a level is never skipped), 1 when it is all the page has.
 */
export function EmptyState({ title, description, action, icon, level = 2 }: {
  title: string;
  description?: React.ReactNode;
  action?: React.ReactNode;
  icon?: React.ReactNode;
  level?: 1 | 2 | 3;
}) {
  const Heading = `h${level}` as const;
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      {icon && <div className="text-teal-700" aria-hidden="true">{icon}</div>}
      <Heading className="text-base font-semibold">{title}</Heading>
      {description && <p className="max-w-md text-sm text-stone-600">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
