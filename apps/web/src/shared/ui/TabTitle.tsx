/** The large title at the top of a tab screen (tabs have no back button). */
export function TabTitle({ title }: { title: string }) {
  return (
    <header className="tab-title">
      <h1>{title}</h1>
    </header>
  );
}
