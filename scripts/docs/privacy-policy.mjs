// Privacy policy of ТОО «Тилмен Онлайн» under the Law of the Republic of Kazakhstan
// "On personal data and their protection" No. 94-V of 21 May 2013.
// Structure: { title, subtitle, city, edition, sections: [{ heading, paragraphs }] }.
// A paragraph starting with "- " is rendered as a bullet item.

export const ru = {
  title: 'Политика конфиденциальности',
  subtitle: 'порядок сбора, обработки и защиты персональных данных',
  city: 'г. Алматы',
  edition: 'Редакция от 22.11.2026',
  sections: [
    {
      heading: '1. Общие положения',
      paragraphs: [
        '1.1. Настоящая Политика определяет, как ТОО «Тилмен Онлайн» (БИН 230140012345, г. Алматы, пр. Абая, 150), далее — «мы», собирает, обрабатывает и защищает персональные данные пользователей сайта tilmen.kz и онлайн-платформы Тилмен.',
        '1.2. Политика разработана в соответствии с Законом Республики Казахстан от 21 мая 2013 года № 94-V «О персональных данных и их защите». Мы являемся собственником и оператором базы, содержащей персональные данные.',
        '1.3. Пользуясь сайтом, оставляя заявку или регистрируясь, вы подтверждаете, что ознакомились с Политикой.',
      ],
    },
    {
      heading: '2. Какие данные мы собираем',
      paragraphs: [
        '- Имя и, если вы его укажете, фамилию.',
        '- Номер телефона — для связи, подтверждения входа кодом из SMS и напоминаний об уроках.',
        '- Адрес электронной почты.',
        '- Данные об обучении: изучаемый язык, уровень, результаты тестов, расписание, история уроков, домашние задания и сообщения в чате платформы.',
        '- Маркетинговые параметры: UTM-метки (utm_source, utm_medium, utm_campaign, utm_content, utm_term) и адрес страницы, с которой вы пришли, — чтобы понимать, какая реклама работает.',
        '- Технические данные: IP-адрес, тип браузера и устройства, язык интерфейса, файлы cookie.',
        '- ИИН — только при прохождении корпоративного теста по казахскому языку, который проводится по договору с вашим работодателем. Полный ИИН не хранится: мы сохраняем его ключевой криптографический хеш (HMAC с секретным ключом) и последние 4 цифры. Этого достаточно, чтобы сопоставить результат теста с сотрудником, но невозможно восстановить номер.',
        '- Сведения о платежах: сумму, статус и маскированный номер карты. Полные данные карты вводятся на странице платёжного провайдера и нам не передаются.',
      ],
    },
    {
      heading: '3. Цели обработки',
      paragraphs: [
        'Мы обрабатываем данные, чтобы: записать вас на пробный урок и подобрать репетитора; создать и вести личный кабинет; проводить уроки и показывать прогресс; принимать оплату и оформлять возвраты; проводить корпоративное тестирование по заявке работодателя; отвечать на обращения; оценивать эффективность рекламы и улучшать сервис; выполнять требования законодательства. Рекламные рассылки мы отправляем только с вашего отдельного согласия, от них можно отписаться в любой момент.',
      ],
    },
    {
      heading: '4. Правовые основания и согласие',
      paragraphs: [
        '4.1. Мы обрабатываем персональные данные на основании вашего согласия, которое вы даёте, отмечая соответствующее поле при отправке заявки или регистрации, а также для исполнения договора (публичной оферты) и требований законодательства Республики Казахстан.',
        '4.2. За несовершеннолетнего согласие даёт его законный представитель.',
        '4.3. Вы можете отозвать согласие, написав на support@tilmen.kz. Согласие не может быть отозвано, если это противоречит законам Республики Казахстан или при наличии неисполненного обязательства.',
      ],
    },
    {
      heading: '5. Хранение и защита',
      paragraphs: [
        '5.1. Персональные данные хранятся в базе данных, расположенной на серверах на территории Республики Казахстан.',
        '5.2. Мы применяем правовые, организационные и технические меры защиты: шифрование соединения (HTTPS/TLS), разграничение и журналирование доступа, хеширование ИИН, резервное копирование. Доступ к данным имеют только сотрудники и репетиторы, которым он нужен для работы.',
      ],
    },
    {
      heading: '6. Сроки хранения',
      paragraphs: [
        '- Данные учётной записи и история обучения — пока действует учётная запись; после её удаления или отзыва согласия — уничтожаются в течение 30 дней.',
        '- Заявки на пробный урок без регистрации, вместе с UTM-метками, — 12 месяцев.',
        '- Хеш ИИН, последние 4 цифры и результаты корпоративного теста — в течение срока договора с работодателем, но не более 3 лет с даты теста.',
        '- Платёжные и бухгалтерские документы — в течение сроков, установленных законодательством Республики Казахстан.',
      ],
    },
    {
      heading: '7. Передача третьим лицам',
      paragraphs: [
        '7.1. Мы не продаём персональные данные. Данные передаются только в объёме, необходимом для указанных целей:',
        '- SMS-шлюзу — номер телефона и текст сообщения, чтобы отправить код подтверждения или напоминание об уроке;',
        '- платёжному провайдеру (банку-эквайеру) — сведения, необходимые для приёма оплаты, проверки 3-D Secure и возврата денег;',
        '- работодателю — результаты корпоративного теста его сотрудников в рамках договора с ним;',
        '- государственным органам — по основаниям и в порядке, предусмотренным законодательством.',
        '7.2. Для защиты форм от автоматических отправок сайт использует сервис Google reCAPTCHA, который получает технические данные (IP-адрес, сведения о браузере и действиях на странице) и обрабатывает их за пределами Казахстана по правилам Google. Имя, телефон и e-mail этому сервису не передаются. Иная трансграничная передача персональных данных не осуществляется.',
      ],
    },
    {
      heading: '8. Права субъекта персональных данных',
      paragraphs: [
        'В соответствии с Законом вы вправе:',
        '- знать, есть ли у нас ваши персональные данные, и получать информацию о целях, источниках, способах сбора и обработки, перечне данных и сроках их хранения;',
        '- требовать изменения и дополнения своих данных при наличии подтверждающих оснований;',
        '- требовать блокирования данных при наличии информации о нарушении условий их сбора и обработки;',
        '- требовать уничтожения данных, собранных или обработанных с нарушением законодательства, а также в иных предусмотренных законом случаях;',
        '- отозвать согласие на сбор и обработку данных, кроме случаев, указанных в пункте 4.3;',
        '- давать согласие или отказывать в распространении своих данных в общедоступных источниках;',
        '- защищать свои права, в том числе требовать возмещения вреда, обращаться в уполномоченный орган по защите персональных данных или в суд.',
        'Запросы направляйте на support@tilmen.kz; мы отвечаем в сроки, установленные Законом.',
      ],
    },
    {
      heading: '9. Файлы cookie',
      paragraphs: [
        '- locale — запоминает выбранный язык сайта (русский, казахский или английский), хранится 365 дней;',
        '- utm-cookie — сохраняют UTM-метки первого перехода, чтобы связать заявку с рекламным источником, хранятся 30 дней;',
        '- сессионная cookie — поддерживает вход в личный кабинет и удаляется при выходе или по истечении сессии.',
        'Вы можете удалить или заблокировать cookie в настройках браузера. Без cookie locale сайт откроется на языке по умолчанию (русском), а без сессионной cookie вход в личный кабинет будет недоступен.',
      ],
    },
    {
      heading: '10. Изменения и контакты',
      paragraphs: [
        '10.1. Мы можем обновлять Политику; новая редакция действует с момента публикации на сайте tilmen.kz. Дата текущей редакции указана в начале документа.',
        '10.2. Ответственный за организацию обработки персональных данных: ТОО «Тилмен Онлайн», г. Алматы, пр. Абая, 150; e-mail: support@tilmen.kz; телефон: +7 727 350 50 50.',
      ],
    },
  ],
};

export const kk = {
  title: 'Құпиялылық саясаты',
  subtitle: 'дербес деректерді жинау, өңдеу және қорғау тәртібі',
  city: 'Алматы қ.',
  edition: '22.11.2026 жылғы редакция',
  sections: [
    {
      heading: '1. Жалпы ережелер',
      paragraphs: [
        '1.1. Осы Саясат «Тилмен Онлайн» ЖШС-нің (БСН 230140012345, Алматы қ., Абай даңғылы, 150), бұдан әрі — «біз», tilmen.kz сайты мен Тилмен онлайн платформасы пайдаланушыларының дербес деректерін қалай жинайтынын, өңдейтінін және қорғайтынын айқындайды.',
        '1.2. Саясат «Дербес деректер және оларды қорғау туралы» Қазақстан Республикасының 2013 жылғы 21 мамырдағы № 94-V Заңына сәйкес әзірленді. Біз дербес деректер бар базаның меншік иесі және операторы болып табыламыз.',
        '1.3. Сайтты пайдалану, өтінім қалдыру немесе тіркелу арқылы сіз Саясатпен танысқаныңызды растайсыз.',
      ],
    },
    {
      heading: '2. Біз қандай деректерді жинаймыз',
      paragraphs: [
        '- Атыңыз және, егер көрсетсеңіз, тегіңіз.',
        '- Телефон нөміріңіз — байланыс, SMS арқылы келетін кодпен кіруді растау және сабақтар туралы еске салу үшін.',
        '- Электрондық пошта мекенжайыңыз.',
        '- Оқу туралы деректер: оқитын тіл, деңгей, тест нәтижелері, кесте, сабақтар тарихы, үй тапсырмалары және платформа чатындағы хабарламалар.',
        '- Маркетингтік параметрлер: UTM-белгілер (utm_source, utm_medium, utm_campaign, utm_content, utm_term) және сіз келген беттің мекенжайы — қай жарнаманың нәтиже беретінін түсіну үшін.',
        '- Техникалық деректер: IP мекенжайы, браузер мен құрылғы түрі, интерфейс тілі, cookie файлдары.',
        '- ЖСН — тек жұмыс берушіңізбен жасалған шарт бойынша өтетін қазақ тілінен корпоративтік тест кезінде ғана. Толық ЖСН сақталмайды: біз оның кілтті криптографиялық хешін (құпия кілті бар HMAC) және соңғы 4 цифрын сақтаймыз. Бұл тест нәтижесін қызметкермен сәйкестендіруге жеткілікті, бірақ нөмірді қалпына келтіруге мүмкіндік бермейді.',
        '- Төлемдер туралы мәліметтер: сома, мәртебе және картаның бүркемеленген нөмірі. Картаның толық деректері төлем провайдерінің бетінде енгізіледі және бізге берілмейді.',
      ],
    },
    {
      heading: '3. Өңдеу мақсаттары',
      paragraphs: [
        'Біз деректерді мына мақсаттармен өңдейміз: сізді сынақ сабағына жазу және репетитор таңдау; жеке кабинетті ашу және жүргізу; сабақтар өткізу және үлгеріміңізді көрсету; төлем қабылдау және ақшаны қайтаруды ресімдеу; жұмыс берушінің өтінімі бойынша корпоративтік тестілеу өткізу; өтініштерге жауап беру; жарнаманың тиімділігін бағалау және қызметті жетілдіру; заңнама талаптарын орындау. Жарнамалық хабарламаларды тек сіздің жеке келісіміңізбен жібереміз, олардан кез келген уақытта бас тартуға болады.',
      ],
    },
    {
      heading: '4. Құқықтық негіздер және келісім',
      paragraphs: [
        '4.1. Біз дербес деректерді өтінім жіберу немесе тіркелу кезінде тиісті белгіні қою арқылы берілетін келісіміңіз негізінде, сондай-ақ шартты (жария офертаны) және Қазақстан Республикасы заңнамасының талаптарын орындау үшін өңдейміз.',
        '4.2. Кәмелетке толмаған адамның атынан келісімді оның заңды өкілі береді.',
        '4.3. Келісімді support@tilmen.kz мекенжайына жазу арқылы кері қайтарып алуға болады. Егер бұл Қазақстан Республикасының заңдарына қайшы келсе не орындалмаған міндеттеме болса, келісімді кері қайтарып алуға болмайды.',
      ],
    },
    {
      heading: '5. Сақтау және қорғау',
      paragraphs: [
        '5.1. Дербес деректер Қазақстан Республикасының аумағында орналасқан серверлердегі дерекқорда сақталады.',
        '5.2. Біз құқықтық, ұйымдастырушылық және техникалық қорғау шараларын қолданамыз: байланысты шифрлау (HTTPS/TLS), қолжетімділікті шектеу және оны журналға тіркеу, ЖСН-ді хештеу, сақтық көшірме жасау. Деректерге жұмысы үшін қажет қызметкерлер мен репетиторлар ғана қол жеткізе алады.',
      ],
    },
    {
      heading: '6. Сақтау мерзімдері',
      paragraphs: [
        '- Есептік жазба деректері мен оқу тарихы — есептік жазба әрекет еткенше; ол жойылғаннан немесе келісім кері қайтарылғаннан кейін 30 күн ішінде жойылады.',
        '- Тіркелусіз қалдырылған сынақ сабағына өтінімдер UTM-белгілерімен бірге — 12 ай.',
        '- ЖСН хеші, соңғы 4 цифры және корпоративтік тест нәтижелері — жұмыс берушімен жасалған шарттың мерзімі ішінде, бірақ тест күнінен бастап 3 жылдан аспайды.',
        '- Төлем және бухгалтерлік құжаттар — Қазақстан Республикасының заңнамасында белгіленген мерзім ішінде.',
      ],
    },
    {
      heading: '7. Үшінші тұлғаларға беру',
      paragraphs: [
        '7.1. Біз дербес деректерді сатпаймыз. Деректер көрсетілген мақсаттарға қажетті көлемде ғана беріледі:',
        '- SMS шлюзіне — растау кодын немесе сабақ туралы еске салуды жіберу үшін телефон нөмірі мен хабарлама мәтіні;',
        '- төлем провайдеріне (эквайер банкке) — төлем қабылдауға, 3-D Secure тексеруіне және ақшаны қайтаруға қажетті мәліметтер;',
        '- жұмыс берушіге — онымен жасалған шарт аясында оның қызметкерлерінің корпоративтік тест нәтижелері;',
        '- мемлекеттік органдарға — заңнамада көзделген негіздер бойынша және тәртіппен.',
        '7.2. Сайт нысандарды автоматты жіберілімдерден қорғау үшін Google reCAPTCHA қызметін пайдаланады. Бұл қызмет техникалық деректерді (IP мекенжайы, браузер және беттегі әрекеттер туралы мәліметтер) алады және оларды Google ережелері бойынша Қазақстаннан тыс жерде өңдейді. Аты-жөні, телефон және e-mail бұл қызметке берілмейді. Дербес деректерді өзге трансшекаралық беру жүзеге асырылмайды.',
      ],
    },
    {
      heading: '8. Дербес деректер субъектісінің құқықтары',
      paragraphs: [
        'Заңға сәйкес сіз:',
        '- бізде дербес деректеріңіздің бар-жоғын білуге, оларды жинау мен өңдеудің мақсаттары, көздері, тәсілдері, деректер тізбесі және сақтау мерзімдері туралы ақпарат алуға;',
        '- растайтын негіздер болған кезде деректеріңізді өзгертуді және толықтыруды талап етуге;',
        '- деректерді жинау және өңдеу шарттарының бұзылғаны туралы ақпарат болған кезде оларды бұғаттауды талап етуге;',
        '- заңнаманы бұза отырып жиналған немесе өңделген деректерді, сондай-ақ заңда көзделген өзге жағдайларда деректерді жоюды талап етуге;',
        '- 4.3-тармақта көрсетілген жағдайлардан басқа кезде деректерді жинауға және өңдеуге берген келісімді кері қайтарып алуға;',
        '- деректеріңізді жалпыға қолжетімді көздерде таратуға келісім беруге немесе бас тартуға;',
        '- өз құқықтарыңызды қорғауға, оның ішінде зиянды өтеуді талап етуге, дербес деректерді қорғау жөніндегі уәкілетті органға немесе сотқа жүгінуге құқылысыз.',
        'Сұрауларды support@tilmen.kz мекенжайына жіберіңіз; біз Заңда белгіленген мерзімде жауап береміз.',
      ],
    },
    {
      heading: '9. Cookie файлдары',
      paragraphs: [
        '- locale — сайттың таңдалған тілін (орыс, қазақ немесе ағылшын) есте сақтайды, 365 күн сақталады;',
        '- utm-cookie — өтінімді жарнама көзімен байланыстыру үшін алғашқы өтудің UTM-белгілерін сақтайды, 30 күн сақталады;',
        '- сессиялық cookie — жеке кабинетке кіруді қолдайды және шыққан кезде немесе сессия мерзімі біткенде жойылады.',
        'Cookie файлдарын браузер баптауларында жоюға немесе бұғаттауға болады. locale cookie болмаса, сайт әдепкі тілде (орыс тілінде) ашылады, ал сессиялық cookie болмаса, жеке кабинетке кіру мүмкін болмайды.',
      ],
    },
    {
      heading: '10. Өзгерістер және байланыс',
      paragraphs: [
        '10.1. Біз Саясатты жаңартуымыз мүмкін; жаңа редакция tilmen.kz сайтында жарияланған сәттен бастап қолданылады. Ағымдағы редакцияның күні құжаттың басында көрсетілген.',
        '10.2. Дербес деректерді өңдеуді ұйымдастыруға жауапты: «Тилмен Онлайн» ЖШС, Алматы қ., Абай даңғылы, 150; e-mail: support@tilmen.kz; телефон: +7 727 350 50 50.',
      ],
    },
  ],
};

export const en = {
  title: 'Privacy Policy',
  subtitle: 'how personal data are collected, processed and protected',
  city: 'Almaty',
  edition: 'Version of 22.11.2026',
  sections: [
    {
      heading: '1. General provisions',
      paragraphs: [
        '1.1. This Policy explains how Tilmen Online LLP (ТОО «Тилмен Онлайн», BIN 230140012345, 150 Abay Avenue, Almaty), hereinafter "we", collects, processes and protects the personal data of users of the tilmen.kz website and the Tilmen online platform.',
        '1.2. The Policy has been prepared in accordance with the Law of the Republic of Kazakhstan No. 94-V of 21 May 2013 "On personal data and their protection". We are the owner and operator of the database containing personal data.',
        '1.3. By using the website, submitting a request or registering, you confirm that you have read this Policy.',
      ],
    },
    {
      heading: '2. What data we collect',
      paragraphs: [
        '- Your first name and, if you provide it, your last name.',
        '- Your phone number — to contact you, confirm sign-in with an SMS code and send lesson reminders.',
        '- Your e-mail address.',
        '- Learning data: the language you study, your level, test results, schedule, lesson history, homework and messages in the platform chat.',
        '- Marketing parameters: UTM tags (utm_source, utm_medium, utm_campaign, utm_content, utm_term) and the address of the page you came from, so that we know which advertising works.',
        '- Technical data: IP address, browser and device type, interface language, cookies.',
        '- IIN (individual identification number) — only when you take the corporate Kazakh language test run under an agreement with your employer. The full IIN is not stored: we keep a keyed cryptographic hash of it (HMAC with a secret key) and its last 4 digits. This is enough to match a test result to an employee but does not allow the number to be recovered.',
        '- Payment details: amount, status and masked card number. Full card details are entered on the payment provider\'s page and are never passed to us.',
      ],
    },
    {
      heading: '3. Purposes of processing',
      paragraphs: [
        'We process data in order to: book your trial lesson and match you with a tutor; create and maintain your account; hold lessons and show your progress; accept payments and process refunds; run corporate testing at an employer\'s request; answer your enquiries; measure the effectiveness of advertising and improve the service; comply with the law. We send marketing messages only with your separate consent, and you can unsubscribe at any time.',
      ],
    },
    {
      heading: '4. Legal basis and consent',
      paragraphs: [
        '4.1. We process personal data on the basis of your consent, which you give by ticking the relevant box when you submit a request or register, and also to perform the agreement (public offer) and to meet the requirements of the legislation of the Republic of Kazakhstan.',
        '4.2. For a minor, consent is given by their legal representative.',
        '4.3. You may withdraw your consent by writing to support@tilmen.kz. Consent cannot be withdrawn where this would contradict the laws of the Republic of Kazakhstan or where an obligation remains unfulfilled.',
      ],
    },
    {
      heading: '5. Storage and security',
      paragraphs: [
        '5.1. Personal data are stored in a database on servers located in the Republic of Kazakhstan.',
        '5.2. We apply legal, organisational and technical safeguards: encrypted connections (HTTPS/TLS), access control and access logging, hashing of IINs and backups. Only staff and tutors who need the data for their work have access to it.',
      ],
    },
    {
      heading: '6. Retention periods',
      paragraphs: [
        '- Account data and learning history — while the account exists; after the account is deleted or consent is withdrawn, they are destroyed within 30 days.',
        '- Trial lesson requests submitted without registration, together with UTM tags — 12 months.',
        '- The IIN hash, its last 4 digits and corporate test results — for the term of the agreement with the employer, but no longer than 3 years from the test date.',
        '- Payment and accounting records — for the periods required by the legislation of the Republic of Kazakhstan.',
      ],
    },
    {
      heading: '7. Transfers to third parties',
      paragraphs: [
        '7.1. We do not sell personal data. Data are transferred only to the extent necessary for the purposes above:',
        '- to the SMS gateway — the phone number and message text, to send a confirmation code or lesson reminder;',
        '- to the payment provider (acquiring bank) — the details needed to accept payment, run the 3-D Secure check and issue refunds;',
        '- to an employer — the corporate test results of its employees under the agreement with that employer;',
        '- to public authorities — on the grounds and in the manner provided by law.',
        '7.2. To protect forms against automated submissions, the website uses Google reCAPTCHA, which receives technical data (IP address, browser details and on-page activity) and processes them outside Kazakhstan under Google\'s terms. Your name, phone number and e-mail are not passed to this service. No other cross-border transfer of personal data takes place.',
      ],
    },
    {
      heading: '8. Rights of the data subject',
      paragraphs: [
        'Under the Law you have the right to:',
        '- know whether we hold your personal data and receive information about the purposes, sources and methods of collection and processing, the list of data and their retention periods;',
        '- require your data to be changed or supplemented where there are supporting grounds;',
        '- require your data to be blocked where there is information that the conditions of their collection or processing have been breached;',
        '- require the destruction of data collected or processed in breach of the law, and in other cases provided by law;',
        '- withdraw your consent to collection and processing, except in the cases listed in clause 4.3;',
        '- give or refuse consent to the publication of your data in publicly available sources;',
        '- protect your rights, including claiming compensation for damage, and apply to the authorised personal data protection body or to a court.',
        'Send your requests to support@tilmen.kz; we reply within the time limits set by the Law.',
      ],
    },
    {
      heading: '9. Cookies',
      paragraphs: [
        '- locale — remembers the website language you chose (Russian, Kazakh or English) and is kept for 365 days;',
        '- utm cookies — keep the UTM tags of your first visit so that a request can be linked to its advertising source, kept for 30 days;',
        '- session cookie — keeps you signed in to your account and is deleted when you sign out or the session expires.',
        'You can delete or block cookies in your browser settings. Without the locale cookie the website opens in the default language (Russian), and without the session cookie you cannot sign in to your account.',
      ],
    },
    {
      heading: '10. Changes and contacts',
      paragraphs: [
        '10.1. We may update this Policy; a new version applies from the moment it is published on tilmen.kz. The date of the current version is shown at the top of this document.',
        '10.2. Person responsible for organising the processing of personal data: Tilmen Online LLP, 150 Abay Avenue, Almaty; e-mail: support@tilmen.kz; phone: +7 727 350 50 50.',
      ],
    },
  ],
};
