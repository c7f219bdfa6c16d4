/** The way into a booked lesson and its calendar file (booked page, cabinet lesson card). */
export function LessonLinks({ links, labels, testId, className = 'mt-2' }: { links: { room: string; ics: string }; labels: { join: string; calendar: string }; testId: string; className?: string }) {
  return (
    <p className={`${className} flex flex-wrap gap-x-4 gap-y-1 text-sm`}>
      <a href={links.room} className="font-semibold text-brand-dark underline" target="_blank" rel="noopener noreferrer" data-testid={`${testId}-room-link`}>
        {labels.join}
      </a>
      <a href={links.ics} className="text-brand-dark underline" download data-testid={`${testId}-ics-link`}>
        {labels.calendar}
      </a>
    </p>
  );
}
