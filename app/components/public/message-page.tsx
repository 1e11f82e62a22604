/** A short centred page: a heading, a sentence and its actions (the payment return pages). */
export function MessagePage({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-14 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-700">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}
