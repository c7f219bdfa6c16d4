import 'server-only';
// The student's checkout (docs/payments.md, "Checkout"): a package of a plan with one tutor for one
// subject, priced by the model, an order stored first, then the provider's hosted page.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { hasUserScope } from '@/lib/auth/scope';
import { env } from '@/lib/env';
import { paymentOrders, promoCodes, tutorProfiles, users, type OrderPlan, type PaymentProduct, type PaymentStatus } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { bookableTutor, freeSlotsOfTutor } from '@/lib/lessons/availability';
import { checkPromo, type PromoFailure } from '@/lib/promo/check';
import { quotePromo } from '@/lib/promo/quote';
import { enforceLimits } from '@/lib/rate-limit';
import { PRICES, type PlanId } from '@/lib/tariffs';
import { CHAT_HOUR_TIYN } from '@/lib/chat-help/rules';
import type { CheckoutInput } from '@/lib/validations/payments';
import { notifyUrlOf, paymentProvider, paymentSiteOrigin } from './config';
import { ABANDON_AFTER_MS, reconcileOrder, secretHashOf } from './events';
import { PAID_LESSON_MINUTES } from '@/lib/lessons/paid';
import { CURRENCY, quotePackage, type PackageQuote } from '@/lib/money/model';
import { ProviderError, type PaymentProvider, type PaymentStart } from './provider';
import { attachSeatOrder, holdSeat } from '@/lib/groups/seats';
import { findGroup, onSale } from '@/lib/groups/state';
import type { Order } from './settle';

export interface CheckoutTutor {
  id: number;
  name: string;
  slug: string;
  price: number;
  subjects: string[];
}

/**
 * A tutor a package can be bought from: bookable, not blocked, with a published profile and price,
 * and free time to book in their horizon (the walk: a student could pay 56 000 ₸ for a tutor with
 * no schedule, whose booking panel then said "no free time").
 */
export async function purchasableTutor(db: Db, tutorId: number, now = new Date()): Promise<CheckoutTutor | null> {
  const bookable = await bookableTutor(db, tutorId);
  if (!bookable) return null;
  if ((await freeSlotsOfTutor(db, tutorId, now, PAID_LESSON_MINUTES)).length === 0) return null;
  const [row] = await db
    .select({ slug: tutorProfiles.slug, published: tutorProfiles.published, name: users.name, lastname: users.lastname })
    .from(tutorProfiles)
    .innerJoin(users, eq(users.id, tutorProfiles.userId))
    .where(and(eq(tutorProfiles.userId, tutorId), isNotNull(tutorProfiles.published), isNull(users.blockedAt)))
    .limit(1);
  const price = row?.published?.price;
  if (!row || !price) return null;
  return { id: tutorId, name: `${row.name} ${Array.from(row.lastname)[0] ?? ''}.`.trim(), slug: row.slug, price, subjects: row.published!.subjects };
}

async function tutorFor(db: Db, input: { tutorId: number; subject: string }): Promise<CheckoutTutor> {
  const tutor = await purchasableTutor(db, input.tutorId);
  if (!tutor) throw new ApiError(404, 'tutor_not_purchasable');
  if (!tutor.subjects.includes(input.subject)) throw new ApiError(422, 'subject_not_offered');
  return tutor;
}

export interface CheckoutQuote {
  tutor: CheckoutTutor;
  quote: PackageQuote;
  promo: { code: string; percentOff: number; applies: boolean } | null;
  test: boolean;
  available: boolean;
}

/**
 * The price breakdown the checkout shows: the tutor's price, the plan's discount, the promo code
 * (checked as the tariff page checks it: 30 checks in 10 minutes per address) and the total.
 */
export async function checkoutQuote(db: Db, input: CheckoutInput, ipHash: string): Promise<CheckoutQuote> {
  const tutor = await tutorFor(db, input);
  let promo: CheckoutQuote['promo'] = null;
  if (input.promoCode) {
    const q = await quotePromo(db, { code: input.promoCode, audience: 'student' }, ipHash);
    // A code that would make the package free does not apply: a card payment is never of 0 ₸.
    const applies = (q.plans.find((p) => p.id === input.plan)?.applies ?? false) && quotePackage(tutor.price, input.plan, q.percentOff).totalTiyn > 0;
    promo = { code: q.code, percentOff: q.percentOff, applies };
  }
  const provider = paymentProvider();
  return { tutor, quote: quotePackage(tutor.price, input.plan, promo?.applies ? promo.percentOff : 0), promo, test: provider?.test ?? true, available: !!provider };
}

/** Our invoice id for the provider: 9+ digits from the order's id (ePay: 6-15 digits, the last 6 unique up to a million orders). */
export const invoiceIdOf = (orderId: number) => String(100_000_000 + orderId);

export interface CheckoutStarted {
  invoiceId: string;
  amountTiyn: number;
  test: boolean;
  start: PaymentStart;
}

/**
 * The promo code of a new order, checked with the code's row locked (parallel checkouts wait here
 * and see each other's orders): active, in its dates, meant for the plan, not used by this student
 * on a paid order before, and, for a limited code, with a use left once the paid uses and the
 * pending orders of other students (a reservation each, for as long as a payment can still come:
 * ABANDON_AFTER_MS) are counted. The use itself is counted when the order is paid
 * (lib/payments/settle.ts): a declined or expired order gives its reservation back by itself.
 */
async function promoForOrder(tx: Db, rawCode: string, plan: PlanId, studentId: number, now: Date): Promise<number> {
  const code = rawCode.trim().toUpperCase();
  const refuse = (reason: PromoFailure | 'promo_already_used') => new ApiError(reason === 'promo_not_found' ? 404 : 422, reason, { promoCode: reason });
  const check = await checkPromo(tx, code, 'student', now);
  if (!check.ok) throw refuse(check.reason);
  if (!check.quote.plans.find((p) => p.id === plan)?.applies) throw refuse('promo_not_applicable');
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
  if (!row) throw refuse('promo_not_found');
  const orders = await tx
    .select({ studentId: paymentOrders.studentId, status: paymentOrders.status })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.promoCode, code),
        or(inArray(paymentOrders.status, ['paid', 'refunded'] satisfies PaymentStatus[]), and(eq(paymentOrders.status, 'pending'), gt(paymentOrders.createdAt, new Date(now.getTime() - ABANDON_AFTER_MS)))),
        row.maxUses === null ? eq(paymentOrders.studentId, studentId) : undefined,
      ),
    );
  if (orders.some((o) => o.studentId === studentId && o.status !== 'pending')) throw refuse('promo_already_used');
  if (row.maxUses !== null && !orders.some((o) => o.studentId === studentId)) {
    const reserved = new Set(orders.filter((o) => o.status === 'pending').map((o) => o.studentId)).size;
    if (row.usedCount + reserved >= row.maxUses) throw refuse('promo_exhausted');
  }
  return row.percentOff;
}

/**
 * Starts a payment: the order (its promo code checked and reserved in the same transaction, so a
 * limited code cannot be oversold) is stored before the provider is called; the provider gives
 * the hosted page's call. A provider failure leaves the order pending (the job expires it) and
 * answers 502 `payment_provider_error`. At most CHECKOUT_PER_10_MIN checkouts in 10 minutes and
 * CHECKOUT_MAX_PENDING pending orders at once per student (429, security.md M2), and the promo check's limit per address (30 in 10 minutes,
 * the tariff page's), so codes cannot be guessed here either.
 */
export async function startCheckout(db: Db, student: { id: number; scope: string; email: string | null }, input: CheckoutInput, ctx: { locale: string; ipHash: string }, now = new Date()): Promise<CheckoutStarted> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  // Bad input is refused first (4xx); a site without a provider says so after (503).
  const tutor = await tutorFor(db, input);
  if (tutor.id === student.id) throw new ApiError(422, 'tutor_not_purchasable');
  const { provider, secret } = await openCheckout(db, student.id, now, input.promoCode ? [{ key: `promo:ip:${ctx.ipHash}`, max: 30, windowSeconds: 600 }] : []);
  const order = await transaction(db, async (tx) => {
    const percent = input.promoCode ? await promoForOrder(tx, input.promoCode, input.plan, student.id, now) : 0;
    const quote = quotePackage(tutor.price, input.plan, percent);
    if (quote.totalTiyn <= 0) throw new ApiError(422, 'promo_not_applicable', { promoCode: 'promo_not_applicable' });
    return insertOrder(
      tx,
      {
        studentId: student.id,
        tutorId: tutor.id,
        subject: input.subject,
        plan: input.plan,
        lessons: quote.lessons,
        tutorPrice: tutor.price,
        perLessonTiyn: quote.perLessonTiyn,
        amountTiyn: quote.totalTiyn,
        promoCode: input.promoCode ? input.promoCode.trim().toUpperCase() : null,
        promoPercent: percent,
      },
      { provider, secret, locale: ctx.locale, now },
    );
  });
  return startPayment(provider, order, secret, { studentId: student.id, locale: ctx.locale, description: `Tilmen: ${order.lessons} × ${order.subject}, ${order.plan}` });
}

/**
 * Asks the provider for a stored order's hosted page (the checkout of a package or of a group seat).
 * A provider failure leaves the order pending (the job expires it) and answers 502 `payment_provider_error`.
 */
async function startPayment(provider: PaymentProvider, order: Order, secret: string, how: { studentId: number; locale: string; description: string }): Promise<CheckoutStarted> {
  const origin = paymentSiteOrigin();
  const prefix = how.locale === 'ru' ? '' : `/${how.locale}`;
  const back = `${origin}${prefix}/checkout/return?invoice=${order.invoiceId}`;
  try {
    const start = await provider.createPayment({
      invoiceId: order.invoiceId,
      amountTiyn: order.amountTiyn,
      currency: CURRENCY,
      description: how.description,
      locale: how.locale,
      secret,
      accountId: String(how.studentId),
      notifyUrl: notifyUrlOf(origin, provider.name),
      failureNotifyUrl: notifyUrlOf(origin, provider.name),
      backUrl: back,
      // Back by the failure link (declined, or "Cancel" on the bank's page): the return page does not
      // wait for a bank that has nothing to say (components/checkout/payment-result.tsx).
      failureBackUrl: `${back}&back=failed`,
    });
    return { invoiceId: order.invoiceId, amountTiyn: order.amountTiyn, test: provider.test, start };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    console.warn(`[payments] could not start ${order.invoiceId} at ${provider.name}: ${err.message}`);
    throw new ApiError(502, 'payment_provider_error');
  }
}

/** The checkout's limits per student (security.md M2): CHECKOUT_PER_10_MIN starts in 10 minutes, CHECKOUT_MAX_PENDING unpaid orders at once (429). */
async function checkoutLimits(db: Db, studentId: number, now: Date, extra: { key: string; max: number; windowSeconds: number }[] = []): Promise<void> {
  const limits = env();
  await enforceLimits(db, [{ key: `checkout:user:${studentId}`, max: limits.CHECKOUT_PER_10_MIN, windowSeconds: 600 }, ...extra], now);
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.studentId, studentId), eq(paymentOrders.status, 'pending'), gt(paymentOrders.createdAt, new Date(now.getTime() - ABANDON_AFTER_MS))));
  if ((pending?.n ?? 0) >= limits.CHECKOUT_MAX_PENDING) throw new ApiError(429, 'rate_limited', undefined, 600);
}

/**
 * Every checkout's start (a package, a group seat, hours of chat help): the provider (503
 * `payments_unavailable` without one), the student's limits, and the order's secret.
 */
async function openCheckout(db: Db, studentId: number, now: Date, extraLimits: { key: string; max: number; windowSeconds: number }[] = []): Promise<{ provider: PaymentProvider; secret: string }> {
  const provider = paymentProvider();
  if (!provider) throw new ApiError(503, 'payments_unavailable');
  await checkoutLimits(db, studentId, now, extraLimits);
  return { provider, secret: randomBytes(24).toString('base64url') };
}

type OrderValues = Omit<typeof paymentOrders.$inferInsert, 'invoiceId' | 'secretHash' | 'currency' | 'provider' | 'test' | 'locale' | 'createdAt'>;

/**
 * Stores an order with its invoice number (ours: from its id) in the caller's transaction; the
 * currency, the provider, test or not, the buyer's language and the moment are every checkout's.
 */
async function insertOrder(tx: Db, values: OrderValues, how: { provider: PaymentProvider; secret: string; locale: string; now: Date }): Promise<Order> {
  const { provider, secret } = how;
  const common = { currency: CURRENCY, provider: provider.name, test: provider.test, locale: how.locale, createdAt: how.now };
  // Replaced below by the id's own invoice number, in this transaction.
  const [row] = await tx.insert(paymentOrders).values({ ...values, ...common, invoiceId: `new-${secret.slice(0, 12)}`, secretHash: secretHashOf(secret) }).returning();
  const [withInvoice] = await tx.update(paymentOrders).set({ invoiceId: invoiceIdOf(row!.id) }).where(eq(paymentOrders.id, row!.id)).returning();
  return withInvoice!;
}

export interface SeatCheckoutStarted extends CheckoutStarted {
  groupId: number;
  lessons: number;
  perLessonTiyn: number;
  /** The seat is held for the buyer until then (the waitlist's offer: until the offer's end). */
  heldUntil: string;
}

/**
 * Starts the payment of a seat in a group (docs/payments.md, "Group seats"): the seat is held with
 * the group's row locked (lib/groups/seats.ts holdSeat: 409 `group_full` before any payment, and
 * the other refusals there) and its order stored in the same transaction (product `group_seat`,
 * plan `group`, the group's tutor and subject, the lessons left at the group's price; no promo
 * code), then the provider's hosted page. The seat is paid when the bank's word comes
 * (lib/payments/settle.ts creditPaid → confirmSeatPayment). The checkout's own limits apply.
 */
export async function startSeatCheckout(db: Db, student: { id: number; scope: string }, groupId: number, ctx: { locale: string }, now = new Date()): Promise<SeatCheckoutStarted> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  // Bad input is refused first (4xx: no such group, a company's, not on sale); a site without a provider says so after (503).
  const group = await findGroup(db, groupId);
  if (!group || group.companyId !== null) throw new ApiError(404, 'not_found');
  if (!onSale(group)) throw new ApiError(409, 'group_not_open');
  const { provider, secret } = await openCheckout(db, student.id, now);
  const { order, heldUntil } = await transaction(db, async (tx) => {
    const hold = await holdSeat(tx, student, groupId, now);
    const row = await insertOrder(
      tx,
      {
        studentId: student.id,
        tutorId: hold.group.tutorId,
        subject: hold.group.subject,
        plan: 'group',
        product: 'group_seat',
        groupId,
        lessons: hold.seat.lessons,
        tutorPrice: Math.round(hold.seat.perLessonTiyn / 100),
        perLessonTiyn: hold.seat.perLessonTiyn,
        amountTiyn: hold.seat.amountTiyn,
      },
      { provider, secret, locale: ctx.locale, now },
    );
    await attachSeatOrder(tx, hold.seat.id, row.id);
    return { order: row, heldUntil: hold.heldUntil };
  });
  const started = await startPayment(provider, order, secret, { studentId: student.id, locale: ctx.locale, description: `Tilmen: ${order.lessons} × ${order.subject}, group #${groupId}` });
  return { ...started, groupId, lessons: order.lessons, perLessonTiyn: order.perLessonTiyn, heldUntil: heldUntil.toISOString() };
}

/**
 * Starts the payment of hours of tutor chat help (docs/chat-help.md, "Money"): an order of product
 * `chat_help`, plan `chat`, no tutor (any tutor on duty answers), `lessons` holding the hours, at the
 * published price of an hour; no promo code. Paid, the amount lands on the student's balance with the
 * order's id (lib/payments/settle.ts), spent block by block as tutors answer. The checkout's own limits apply.
 */
export async function startChatCheckout(db: Db, student: { id: number; scope: string }, hours: number, ctx: { locale: string }, now = new Date()): Promise<CheckoutStarted & { hours: number }> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  const { provider, secret } = await openCheckout(db, student.id, now);
  const order = await insertOrder(
    db,
    {
      studentId: student.id,
      tutorId: null,
      subject: 'chat_help',
      plan: 'chat',
      product: 'chat_help',
      lessons: hours,
      tutorPrice: PRICES.chatHelpPerHour,
      perLessonTiyn: CHAT_HOUR_TIYN,
      amountTiyn: CHAT_HOUR_TIYN * hours,
    },
    { provider, secret, locale: ctx.locale, now },
  );
  return { ...(await startPayment(provider, order, secret, { studentId: student.id, locale: ctx.locale, description: `Tilmen: chat help, ${hours} h` })), hours };
}

export interface OrderView {
  invoiceId: string;
  status: PaymentStatus;
  /** What was bought: a package of lessons, a seat in a group or hours of chat help (the return page words its title and next step by it). */
  product: PaymentProduct;
  /** The student plan of a package, `group` for a group seat (`groupId`), or `chat` for hours of chat help. */
  plan: OrderPlan;
  groupId: number | null;
  subject: string;
  lessons: number;
  amountTiyn: number;
  test: boolean;
  /** Null for chat help's hours (plan `chat`: `lessons` are hours). */
  tutorId: number | null;
  createdAt: string;
  paidAt: string | null;
}

/** An order as the buyer sees it (the return page; the cabinet's payments add the tutor's name and the receipts). */
export const orderView = (o: Order): OrderView => ({
  invoiceId: o.invoiceId,
  status: o.status,
  product: o.product,
  plan: o.plan,
  groupId: o.groupId,
  subject: o.subject,
  lessons: o.lessons,
  amountTiyn: o.amountTiyn,
  test: o.test,
  tutorId: o.tutorId,
  createdAt: o.createdAt.toISOString(),
  paidAt: o.paidAt?.toISOString() ?? null,
});

/** How often the return page's polling may ask the provider about one pending order. */
const LIVE_CHECK_MS = 10_000;

/**
 * The return page's poll: the order as we know it (never the browser's redirect). A pending order
 * not checked in the last 10 seconds is also asked about at the provider, so a lost notification
 * does not keep the buyer waiting for the job.
 */
export async function orderStatus(db: Db, student: { id: number }, invoiceId: string, now = new Date()): Promise<OrderView> {
  const [order] = await db.select().from(paymentOrders).where(and(eq(paymentOrders.invoiceId, invoiceId), eq(paymentOrders.studentId, student.id))).limit(1);
  if (!order) throw new ApiError(404, 'not_found');
  if (order.status === 'pending' && (!order.checkedAt || now.getTime() - order.checkedAt.getTime() >= LIVE_CHECK_MS)) {
    await reconcileOrder(db, order, now);
    const [fresh] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)).limit(1);
    return orderView(fresh!);
  }
  return orderView(order);
}
