// The bare framework page's config (scripts/bench/bare/README.md): next-intl's plugin and nothing else.
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.mjs');
export default withNextIntl({});
