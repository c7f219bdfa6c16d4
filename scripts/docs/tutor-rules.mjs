// Rules for tutors of ТОО «Тилмен Онлайн»: conduct, punctuality and cancellations, student data,
// payouts, quality review and removal. Facts match the public offer and the site (8-hour
// cancellation, 15-minute wait, groups of up to 6, review in 5 business days, payouts by the 10th).
// Structure: { title, subtitle, city, edition, sections: [{ heading, paragraphs }] }.
// A paragraph starting with "- " is rendered as a bullet item.

export const ru = {
  title: 'Правила для репетиторов',
  subtitle: 'порядок работы репетиторов на онлайн-платформе Tilmen',
  city: 'г. Алматы',
  edition: 'Редакция от 29.11.2026',
  sections: [
    {
      heading: '1. Общие положения',
      paragraphs: [
        '1.1. Настоящие Правила устанавливают порядок работы репетиторов на сайте tilmen.kz и онлайн-платформе Tilmen, которыми управляет ТОО «Тилмен Онлайн» (БИН 230140012345), далее — «Платформа».',
        '1.2. Репетитор — физическое лицо, которое подало анкету на Сайте, прошло проверку и проводит уроки для учеников Платформы. Репетитор оказывает услуги как самозанятый или индивидуальный предприниматель; Правила не устанавливают трудовых отношений.',
        '1.3. Подавая анкету, репетитор подтверждает, что ознакомился с Правилами, Публичной офертой для учеников и Политикой конфиденциальности и принимает их. Условия, которые Платформа обещает ученикам в Публичной оферте (перенос и отмена уроков, возврат денег), репетитор соблюдает со своей стороны.',
        '1.4. Анкета проверяется в течение 5 (пяти) рабочих дней. Методист изучает документы об образовании, опыт и видео о себе и может пригласить на короткое онлайн-собеседование с мини-уроком. Решение сообщается по SMS и электронной почте.',
      ],
    },
    {
      heading: '2. Поведение на уроках и вне их',
      paragraphs: [
        '2.1. Репетитор относится к ученикам, их родителям, коллегам и сотрудникам Платформы уважительно и корректно. Недопустимы оскорбления, дискриминация по любому признаку, давление, навязывание политических или религиозных взглядов.',
        '2.2. Урок проводится из тихого, хорошо освещённого места с нейтральным фоном, в опрятном виде, с исправными камерой, микрофоном и интернетом. Камера репетитора включена на протяжении всего урока.',
        '2.3. Общение с учениками ведётся только через чат и уроки Платформы. Запрещается предлагать ученикам заниматься или платить в обход Платформы, принимать от них деньги или подарки, передавать им свои контакты для этих целей.',
        '2.4. С несовершеннолетними учениками репетитор общается только на уроках и в чате Платформы. Присутствие родителя на уроке допускается. О признаках угрозы жизни или здоровью ребёнка репетитор сразу сообщает Платформе.',
        '2.5. Репетитор использует на уроках материалы Платформы или собственные материалы, на которые у него есть права. Запись урока допускается только с согласия ученика (для несовершеннолетнего — его родителя) и только средствами Платформы.',
      ],
    },
    {
      heading: '3. Расписание, пунктуальность и отмена уроков',
      paragraphs: [
        '3.1. Репетитор сам отмечает в календаре часы, когда готов вести уроки, и поддерживает календарь в актуальном состоянии. Ученики записываются только на отмеченное время.',
        '3.2. Индивидуальный урок длится 50 минут, пробный урок — 30 минут. В группе занимаются до 6 учеников.',
        '3.3. Репетитор входит в онлайн-класс не позднее чем за 5 минут до начала урока. Если репетитор опоздал, урок продлевается на время опоздания, если ученик согласен; иначе время опоздания не оплачивается.',
        '3.4. Перенести или отменить урок репетитор может не позднее чем за 8 (восемь) часов до его начала через Личный кабинет. Ученик получает уведомление и выбирает другое время.',
        '3.5. Если репетитор отменил урок менее чем за 8 часов, не пришёл или опоздал более чем на 15 минут, урок считается несостоявшимся по вине репетитора: он не оплачивается, а ученику урок возвращается на баланс в соответствии с офертой.',
        '3.6. Если ученик отменил урок менее чем за 8 часов до начала или не пришёл, урок считается проведённым и оплачивается репетитору. Репетитор ждёт ученика 15 минут, после чего отмечает урок в Личном кабинете.',
        '3.7. Урок, сорванный из-за технического сбоя Платформы, не считается нарушением ни одной из сторон; Платформа помогает назначить новое время.',
      ],
    },
    {
      heading: '4. Персональные данные учеников',
      paragraphs: [
        '4.1. Имена, контакты, расписание, результаты тестов и другие сведения об учениках являются персональными данными и защищаются в соответствии с Законом Республики Казахстан «О персональных данных и их защите» № 94-V и Политикой конфиденциальности Платформы.',
        '4.2. Репетитор использует данные учеников только для проведения уроков: не копирует их за пределы Платформы, не публикует, не передаёт третьим лицам и не использует для рекламы.',
        '4.3. Фото, видео, работы и отзывы учеников можно показывать за пределами Платформы только с их письменного согласия (для несовершеннолетних — с согласия родителя).',
        '4.4. Репетитор не передаёт никому доступ к своему Личному кабинету. Об утечке данных или входе в кабинет посторонних репетитор сообщает на support@tilmen.kz в течение 24 часов.',
      ],
    },
    {
      heading: '5. Оплата услуг репетитора',
      paragraphs: [
        '5.1. Вознаграждение за урок и комиссия Платформы определяются тарифным планом репетитора, опубликованным на странице «Тарифы для репетиторов» на момент проведения урока.',
        '5.2. Выплата производится раз в месяц, до 10 числа, за все уроки, проведённые в предыдущем месяце, банковским переводом на счёт репетитора (IBAN) в банке Казахстана, указанный в Личном кабинете. Для иностранных репетиторов способ выплаты согласуется отдельно.',
        '5.3. В Личном кабинете репетитор видит сумму и список оплаченных уроков и ежемесячную сводку выплат. Несогласие с суммой репетитор направляет на support@tilmen.kz в течение 30 календарных дней после выплаты; обращение рассматривается в течение 10 календарных дней.',
        '5.4. Репетитор самостоятельно уплачивает налоги со своего дохода в соответствии с законодательством Республики Казахстан.',
        '5.5. Уроки, проведённые с нарушением пунктов 2.3 или 6.3 этих Правил, не оплачиваются.',
      ],
    },
    {
      heading: '6. Контроль качества',
      paragraphs: [
        '6.1. Платформа следит за качеством уроков по отзывам и оценкам учеников, посещаемости, проверке домашних заданий и прогрессу учеников.',
        '6.2. Методист может с предупреждением присутствовать на уроке как наблюдатель. После наблюдения репетитор получает письменный отзыв с рекомендациями.',
        '6.3. Репетитор проводит урок сам: передавать уроки другому лицу запрещено.',
        '6.4. Если качество уроков снижается, Платформа предлагает репетитору план развития на срок до 30 дней. На это время Платформа может временно не подбирать репетитору новых учеников.',
      ],
    },
    {
      heading: '7. Основания для отстранения',
      paragraphs: [
        'Платформа вправе приостановить доступ репетитора к новым ученикам или прекратить сотрудничество, если репетитор:',
        '- предложил ученику заниматься или платить в обход Платформы либо принял от ученика деньги;',
        '- нарушил правила обращения с персональными данными учеников;',
        '- оскорбил, унизил или подверг риску ученика, особенно несовершеннолетнего;',
        '- три раза за 30 дней отменил урок менее чем за 8 часов, не пришёл на урок или опоздал более чем на 15 минут;',
        '- указал в анкете недостоверные сведения или документы;',
        '- не улучшил качество уроков по итогам плана развития;',
        '- передал проведение уроков или доступ к Личному кабинету другому лицу.',
        'Перед отстранением, кроме случаев грубого нарушения, Платформа направляет репетитору письменное предупреждение и выслушивает его объяснения. Уроки, проведённые надлежащим образом до отстранения, оплачиваются в обычный срок.',
      ],
    },
    {
      heading: '8. Заключительные положения',
      paragraphs: [
        '8.1. Платформа вправе изменять Правила. О новой редакции репетиторы уведомляются по электронной почте не позднее чем за 10 календарных дней до её вступления в силу.',
        '8.2. Правила опубликованы на казахском, русском и английском языках. Тексты на казахском и русском языках имеют одинаковую силу; английский текст является переводом для удобства.',
        '8.3. Вопросы по Правилам: support@tilmen.kz, телефон +7 727 350 50 50. ТОО «Тилмен Онлайн», Республика Казахстан, г. Алматы, пр. Абая, 150.',
      ],
    },
  ],
};

export const kk = {
  title: 'Репетиторларға арналған ережелер',
  subtitle: 'Tilmen онлайн платформасындағы репетиторлардың жұмыс тәртібі',
  city: 'Алматы қ.',
  edition: '29.11.2026 жылғы редакция',
  sections: [
    {
      heading: '1. Жалпы ережелер',
      paragraphs: [
        '1.1. Осы Ережелер «Тилмен Онлайн» ЖШС (БСН 230140012345) басқаратын tilmen.kz сайты мен Tilmen онлайн платформасындағы, бұдан әрі — «Платформа», репетиторлардың жұмыс тәртібін белгілейді.',
        '1.2. Репетитор — Сайтта сауалнама толтырып, тексеруден өткен және Платформа оқушыларына сабақ беретін жеке тұлға. Репетитор қызметті өзін-өзі жұмыспен қамтыған тұлға немесе жеке кәсіпкер ретінде көрсетеді; Ережелер еңбек қатынастарын туғызбайды.',
        '1.3. Сауалнама жіберу арқылы репетитор осы Ережелермен, оқушыларға арналған Жария офертамен және Құпиялылық саясатымен танысқанын және оларды қабылдайтынын растайды. Платформаның Жария офертада оқушыларға берген уәделерін (сабақты ауыстыру мен болдырмау, ақшаны қайтару) репетитор өз тарапынан орындайды.',
        '1.4. Сауалнама 5 (бес) жұмыс күні ішінде тексеріледі. Әдіскер білім туралы құжаттарды, тәжірибені және өзі туралы бейнені қарап, шағын сабағы бар қысқа онлайн сұхбатқа шақыруы мүмкін. Шешім SMS және электрондық пошта арқылы хабарланады.',
      ],
    },
    {
      heading: '2. Сабақта және сабақтан тыс мінез-құлық',
      paragraphs: [
        '2.1. Репетитор оқушыларды, олардың ата-аналарын, әріптестерін және Платформа қызметкерлерін құрметтейді, сыпайы сөйлеседі. Балағаттауға, кез келген белгі бойынша кемсітуге, қысым көрсетуге, саяси немесе діни көзқарастарды таңуға жол берілмейді.',
        '2.2. Сабақ тыныш, жарығы жақсы, фоны бейтарап жерден, ұқыпты киіммен, камерасы, микрофоны және интернеті жұмыс істеп тұрған жағдайда өткізіледі. Репетитордың камерасы сабақ бойы қосулы болады.',
        '2.3. Оқушылармен тек Платформаның чаты мен сабақтары арқылы сөйлесуге болады. Оқушыларға Платформаны айналып өтіп оқуды немесе төлеуді ұсынуға, олардан ақша не сыйлық алуға, осы мақсатта өз байланыс деректерін беруге тыйым салынады.',
        '2.4. Кәмелетке толмаған оқушылармен репетитор тек сабақта және Платформа чатында сөйлеседі. Сабаққа ата-ананың қатысуына болады. Баланың өміріне немесе денсаулығына қауіп төнгенін байқаса, репетитор бұл туралы Платформаға дереу хабарлайды.',
        '2.5. Репетитор сабақта Платформаның материалдарын немесе құқығы өзіне тиесілі материалдарды пайдаланады. Сабақты оқушының (кәмелетке толмаған оқушы болса, ата-анасының) келісімімен және тек Платформаның құралдарымен ғана жазып алуға болады.',
      ],
    },
    {
      heading: '3. Кесте, уақытында келу және сабақты болдырмау',
      paragraphs: [
        '3.1. Репетитор сабақ беруге дайын сағаттарын күнтізбеде өзі белгілейді және күнтізбені үнемі жаңартып отырады. Оқушылар тек белгіленген уақытқа жазылады.',
        '3.2. Жеке сабақ 50 минутқа, сынақ сабағы 30 минутқа созылады. Топта 6 оқушыға дейін оқиды.',
        '3.3. Репетитор онлайн сыныпқа сабақ басталуына кемінде 5 минут қалғанда кіреді. Репетитор кешіксе, оқушы келіссе, сабақ кешіккен уақытқа ұзартылады; әйтпесе кешіккен уақытқа ақы төленбейді.',
        '3.4. Репетитор сабақты ол басталуына кемінде 8 (сегіз) сағат қалғанда Жеке кабинет арқылы басқа уақытқа ауыстыра не болдырмай алады. Оқушыға хабарлама барады, ол басқа уақытты таңдайды.',
        '3.5. Егер репетитор сабақтан 8 сағаттан аз уақыт қалғанда бас тартса, сабаққа келмесе немесе 15 минуттан артық кешіксе, сабақ репетитордың кінәсінен өтпеді деп есептеледі: оған ақы төленбейді, ал оқушының сабағы офертаға сәйкес теңгеріміне қайтарылады.',
        '3.6. Егер оқушы сабақ басталуына 8 сағаттан аз уақыт қалғанда одан бас тартса немесе келмесе, сабақ өткізілді деп есептеліп, репетиторға төленеді. Репетитор оқушыны 15 минут күтеді, содан кейін сабақты Жеке кабинетте белгілейді.',
        '3.7. Платформаның техникалық ақауынан өтпей қалған сабақ ешбір тараптың бұзушылығы болып саналмайды; Платформа жаңа уақыт белгілеуге көмектеседі.',
      ],
    },
    {
      heading: '4. Оқушылардың дербес деректері',
      paragraphs: [
        '4.1. Оқушылардың аты-жөні, байланыс деректері, кестесі, тест нәтижелері және олар туралы басқа мәліметтер дербес деректер болып саналады және «Дербес деректер және оларды қорғау туралы» Қазақстан Республикасының № 94-V Заңына және Платформаның Құпиялылық саясатына сәйкес қорғалады.',
        '4.2. Репетитор оқушылардың деректерін тек сабақ өткізу үшін пайдаланады: оларды Платформадан тыс жерге көшірмейді, жарияламайды, үшінші тұлғаларға бермейді және жарнамаға пайдаланбайды.',
        '4.3. Оқушылардың фотосын, бейнесін, жұмыстары мен пікірлерін Платформадан тыс жерде тек олардың (кәмелетке толмағандар үшін ата-анасының) жазбаша келісімімен көрсетуге болады.',
        '4.4. Репетитор Жеке кабинетіне кіру мүмкіндігін ешкімге бермейді. Деректер жария болып кетсе немесе кабинетке бөгде адам кірсе, репетитор бұл туралы 24 сағат ішінде support@tilmen.kz мекенжайына хабарлайды.',
      ],
    },
    {
      heading: '5. Репетитор қызметіне ақы төлеу',
      paragraphs: [
        '5.1. Бір сабақ үшін сыйақы мен Платформа комиссиясы сабақ өткізілген сәтте «Репетиторларға арналған тарифтер» бетінде жарияланған репетитордың тарифтік жоспарымен айқындалады.',
        '5.2. Төлемақы айына бір рет, айдың 10-ына дейін, өткен айда өткізілген барлық сабақ үшін репетитор Жеке кабинетте көрсеткен Қазақстан банкіндегі шотқа (IBAN) банк аударымымен аударылады. Шетелдік репетиторлар үшін төлемақы алу тәсілі бөлек келісіледі.',
        '5.3. Репетитор Жеке кабинетте төлемақы сомасын, төленген сабақтар тізімін және ай сайынғы төлемақы жиынтығын көреді. Сомамен келіспесе, репетитор төлемақы алғаннан кейін 30 күнтізбелік күн ішінде support@tilmen.kz мекенжайына жазады; өтініш 10 күнтізбелік күн ішінде қаралады.',
        '5.4. Репетитор өз табысынан салықты Қазақстан Республикасының заңнамасына сәйкес өзі төлейді.',
        '5.5. Осы Ережелердің 2.3 немесе 6.3-тармақтарын бұзып өткізілген сабақтарға ақы төленбейді.',
      ],
    },
    {
      heading: '6. Сапаны бақылау',
      paragraphs: [
        '6.1. Платформа сабақ сапасын оқушылардың пікірлері мен бағалары, сабаққа қатысу, үй тапсырмаларының тексерілуі және оқушылардың прогресі бойынша қадағалайды.',
        '6.2. Әдіскер алдын ала ескертіп, сабаққа бақылаушы ретінде қатыса алады. Бақылаудан кейін репетитор ұсынымдары бар жазбаша пікір алады.',
        '6.3. Репетитор сабақты өзі өткізеді: сабақты басқа адамға беруге тыйым салынады.',
        '6.4. Сабақ сапасы төмендесе, Платформа репетиторға 30 күнге дейінгі даму жоспарын ұсынады. Осы уақытта Платформа репетиторға жаңа оқушылар іріктемеуі мүмкін.',
      ],
    },
    {
      heading: '7. Жұмыстан шеттету негіздері',
      paragraphs: [
        'Платформа репетиторға жаңа оқушылар іріктеуді тоқтата тұруға немесе онымен ынтымақтастықты тоқтатуға құқылы, егер репетитор:',
        '- оқушыға Платформаны айналып өтіп оқуды не төлеуді ұсынса немесе оқушыдан ақша алса;',
        '- оқушылардың дербес деректерімен жұмыс істеу тәртібін бұзса;',
        '- оқушыны, әсіресе кәмелетке толмаған оқушыны, балағаттаса, қорласа немесе қауіпке ұшыратса;',
        '- 30 күн ішінде үш рет сабақтан 8 сағаттан аз уақыт қалғанда бас тартса, сабаққа келмесе немесе 15 минуттан артық кешіксе;',
        '- сауалнамада жалған мәліметтер немесе құжаттар көрсетсе;',
        '- даму жоспарынан кейін сабақ сапасын жақсартпаса;',
        '- сабақ өткізуді немесе Жеке кабинетке кіру мүмкіндігін басқа адамға берсе.',
        'Өрескел бұзушылықтарды қоспағанда, шеттетуден бұрын Платформа репетиторға жазбаша ескерту жіберіп, оның түсініктемесін тыңдайды. Шеттетуге дейін тиісінше өткізілген сабақтардың ақысы әдеттегі мерзімде төленеді.',
      ],
    },
    {
      heading: '8. Қорытынды ережелер',
      paragraphs: [
        '8.1. Платформа Ережелерді өзгертуге құқылы. Жаңа редакция күшіне енгенге дейін кемінде 10 күнтізбелік күн бұрын репетиторларға электрондық пошта арқылы хабарланады.',
        '8.2. Ережелер қазақ, орыс және ағылшын тілдерінде жарияланған. Қазақ және орыс тілдеріндегі мәтіндердің күші бірдей; ағылшын тіліндегі мәтін ыңғайлылық үшін жасалған аударма.',
        '8.3. Ережелер бойынша сұрақтар: support@tilmen.kz, телефон +7 727 350 50 50. «Тилмен Онлайн» ЖШС, Қазақстан Республикасы, Алматы қ., Абай даңғылы, 150.',
      ],
    },
  ],
};

export const en = {
  title: 'Rules for Tutors',
  subtitle: 'how tutors work on the Tilmen online platform',
  city: 'Almaty',
  edition: 'Version of 29.11.2026',
  sections: [
    {
      heading: '1. General provisions',
      paragraphs: [
        '1.1. These Rules set out how tutors work on the tilmen.kz website and the Tilmen online platform, operated by Tilmen Online LLP (ТОО «Тилмен Онлайн», BIN 230140012345), hereinafter the "Platform".',
        '1.2. A tutor is an individual who has submitted an application on the Website, passed the review and teaches the Platform\'s students. Tutors provide their services as self-employed persons or individual entrepreneurs; these Rules do not create an employment relationship.',
        '1.3. By submitting an application, the tutor confirms that they have read and accept these Rules, the Public Offer for students and the Privacy Policy. What the Platform promises students in the Public Offer (rescheduling and cancelling lessons, refunds), the tutor upholds on their side.',
        '1.4. Applications are reviewed within 5 (five) business days. An academic adviser looks at the tutor\'s education documents, experience and introductory video and may invite them to a short online interview with a mini-lesson. The decision is sent by SMS and e-mail.',
      ],
    },
    {
      heading: '2. Conduct in and outside lessons',
      paragraphs: [
        '2.1. Tutors treat students, their parents, colleagues and Platform staff with respect and courtesy. Insults, discrimination on any grounds, pressure and pushing political or religious views are not allowed.',
        '2.2. Lessons are taught from a quiet, well-lit place with a neutral background, neatly dressed, with a working camera, microphone and internet connection. The tutor\'s camera stays on for the whole lesson.',
        '2.3. Tutors communicate with students only through the Platform\'s chat and lessons. Tutors must not offer students lessons or payment outside the Platform, accept money or gifts from them, or give them their contact details for that purpose.',
        '2.4. Tutors communicate with students who are minors only in lessons and in the Platform\'s chat. A parent may attend the lesson. If a tutor sees signs of a threat to a child\'s life or health, they tell the Platform at once.',
        '2.5. Tutors use the Platform\'s materials or their own materials to which they hold the rights. A lesson may be recorded only with the consent of the student (for a minor, of their parent) and only with the Platform\'s tools.',
      ],
    },
    {
      heading: '3. Schedule, punctuality and cancellations',
      paragraphs: [
        '3.1. Tutors mark the hours they are available to teach in their calendar and keep it up to date. Students can book only the hours marked.',
        '3.2. An individual lesson lasts 50 minutes and a trial lesson 30 minutes. A group has up to 6 students.',
        '3.3. Tutors join the online classroom at least 5 minutes before the lesson starts. If the tutor is late, the lesson is extended by the time lost if the student agrees; otherwise the time lost is not paid.',
        '3.4. Tutors may reschedule or cancel a lesson in their Account at least 8 (eight) hours before it starts. The student is notified and picks another time.',
        '3.5. If a tutor cancels less than 8 hours before the start, does not show up or is more than 15 minutes late, the lesson is deemed not held through the tutor\'s fault: it is not paid, and the lesson is returned to the student\'s balance under the offer.',
        '3.6. If a student cancels less than 8 hours before the start or does not show up, the lesson counts as taught and the tutor is paid for it. The tutor waits 15 minutes for the student and then marks the lesson in their Account.',
        '3.7. A lesson lost to a technical failure of the Platform is no one\'s breach; the Platform helps to set a new time.',
      ],
    },
    {
      heading: '4. Students\' personal data',
      paragraphs: [
        '4.1. Students\' names, contact details, schedules, test results and other information about them are personal data, protected under Law of the Republic of Kazakhstan No. 94-V "On Personal Data and Their Protection" and the Platform\'s Privacy Policy.',
        '4.2. Tutors use students\' data only to teach them: they do not copy it outside the Platform, publish it, pass it to third parties or use it for advertising.',
        '4.3. Students\' photos, videos, work and reviews may be shown outside the Platform only with their written consent (for minors, their parent\'s).',
        '4.4. Tutors do not share access to their Account with anyone. They report a data leak or a stranger signing in to their Account to support@tilmen.kz within 24 hours.',
      ],
    },
    {
      heading: '5. Payment for the tutor\'s services',
      paragraphs: [
        '5.1. The tutor\'s pay per lesson and the Platform\'s fee follow the tutor\'s plan as published on the Pricing for tutors page at the time the lesson is taught.',
        '5.2. Payouts are made once a month, by the 10th, for all the lessons taught in the previous month, by bank transfer to the tutor\'s account (IBAN) at a Kazakhstan bank given in their Account. For international tutors the payout method is agreed separately.',
        '5.3. In their Account tutors see the amount, the list of paid lessons and a monthly payout summary. A tutor who disagrees with an amount writes to support@tilmen.kz within 30 calendar days of the payout; the request is answered within 10 calendar days.',
        '5.4. Tutors pay the taxes on their income themselves under the legislation of the Republic of Kazakhstan.',
        '5.5. Lessons taught in breach of clauses 2.3 or 6.3 of these Rules are not paid.',
      ],
    },
    {
      heading: '6. Quality review',
      paragraphs: [
        '6.1. The Platform follows the quality of lessons through students\' reviews and ratings, attendance, homework marking and students\' progress.',
        '6.2. An academic adviser may, with notice, attend a lesson as an observer. After the observation the tutor receives written feedback with recommendations.',
        '6.3. Tutors teach their lessons themselves: handing a lesson over to someone else is not allowed.',
        '6.4. If the quality of lessons falls, the Platform offers the tutor a development plan of up to 30 days. During that time the Platform may stop matching new students to the tutor.',
      ],
    },
    {
      heading: '7. Grounds for removal',
      paragraphs: [
        'The Platform may stop matching new students to a tutor or end its work with the tutor if the tutor:',
        '- offers a student lessons or payment outside the Platform, or takes money from a student;',
        '- breaks the rules on students\' personal data;',
        '- insults, humiliates or endangers a student, especially a minor;',
        '- three times within 30 days cancels less than 8 hours before a lesson, does not show up or is more than 15 minutes late;',
        '- gives false information or documents in the application;',
        '- does not improve the quality of lessons after a development plan;',
        '- hands their lessons or access to their Account over to someone else.',
        'Except for gross breaches, before removing a tutor the Platform sends a written warning and hears the tutor\'s explanation. Lessons properly taught before the removal are paid on the usual date.',
      ],
    },
    {
      heading: '8. Final provisions',
      paragraphs: [
        '8.1. The Platform may amend these Rules. Tutors are told about a new version by e-mail at least 10 calendar days before it takes effect.',
        '8.2. The Rules are published in Kazakh, Russian and English. The Kazakh and Russian texts are equally authoritative; the English text is a translation provided for convenience.',
        '8.3. Questions about the Rules: support@tilmen.kz, phone +7 727 350 50 50. Tilmen Online LLP, 150 Abay Avenue, Almaty, Republic of Kazakhstan.',
      ],
    },
  ],
};
