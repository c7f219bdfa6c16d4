import Swiper from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation } from 'swiper/modules';
import 'swiper/css';

export function initSwiper(
  el: HTMLElement,
  opts: { prevEl: HTMLElement; nextEl: HTMLElement; autoplay: boolean; messages: { prev: string; next: string; slide: string } },
) {
  // The server-rendered fallback scrolls natively; swiper takes over from here.
  el.classList.remove('!overflow-x-auto');
  el.querySelector('.swiper-wrapper')?.classList.remove('gap-4');
  return new Swiper(el, {
    modules: [Navigation, Keyboard, A11y, Autoplay],
    // Slide widths come from the server-rendered classes, so nothing moves when swiper starts.
    slidesPerView: 'auto',
    spaceBetween: 16,
    navigation: { prevEl: opts.prevEl, nextEl: opts.nextEl },
    keyboard: { enabled: true, onlyInViewport: true },
    a11y: {
      prevSlideMessage: opts.messages.prev,
      nextSlideMessage: opts.messages.next,
      slideLabelMessage: opts.messages.slide,
      slideRole: 'listitem',
    },
    autoplay: opts.autoplay ? { delay: 6000, pauseOnMouseEnter: true, disableOnInteraction: true } : false,
    wrapperClass: 'swiper-wrapper',
  });
}
