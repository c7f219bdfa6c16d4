import Image from '@/components/ui/image';

/** The lesson room as an illustration (video, board, notes, dictionary, chat), on both landings. */
export function LessonRoomPicture({ alt }: { alt: string }) {
  return <Image src="/images/illustrations/interface-demo.svg" alt={alt} width={960} height={600} unoptimized className="h-auto w-full" />;
}
