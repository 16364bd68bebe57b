/** Draws the $toast store into the toaster's live regions (src/components/site/Toaster.astro). Part of the page's one script (src/scripts/site.ts). */
import { $toast, dismissToast, pauseToast, resumeToast } from '../../lib/stores/toasts';

const template = document.getElementById('toast-template') as HTMLTemplateElement;
const regions = {
  polite: document.querySelector<HTMLElement>('[data-toast-region="polite"]'),
  alert: document.querySelector<HTMLElement>('[data-toast-region="alert"]'),
};
$toast.subscribe((toast) => {
  for (const region of Object.values(regions)) region?.replaceChildren();
  if (!toast) return;
  const error = toast.variant === 'error';
  const card = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  card.dataset.toast = toast.variant;
  if (error) {
    card.classList.replace('border-line', 'border-danger/40');
    const icon = card.querySelector('[data-toast-icon]') as HTMLElement;
    icon.classList.replace('bg-brand-50', 'bg-danger-50');
    icon.classList.replace('text-brand-700', 'text-danger');
    icon.querySelector('[data-icon="ok"]')?.classList.add('hidden');
    icon.querySelector('[data-icon="error"]')?.classList.remove('hidden');
  }
  (card.querySelector('[data-toast-title]') as HTMLElement).textContent = toast.title;
  const description = card.querySelector('[data-toast-description]') as HTMLElement;
  if (toast.description) description.textContent = toast.description;
  else description.remove();
  card.querySelector('[data-toast-close]')?.addEventListener('click', () => dismissToast(toast.id));
  card.addEventListener('mouseenter', pauseToast);
  card.addEventListener('mouseleave', resumeToast);
  card.addEventListener('focusin', pauseToast);
  card.addEventListener('focusout', resumeToast);
  regions[error ? 'alert' : 'polite']?.append(card);
  requestAnimationFrame(() => card.classList.remove('translate-y-2', 'opacity-0'));
});
