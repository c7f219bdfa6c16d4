// Public offer (agreement for paid online lessons) of ТОО «Тилмен Онлайн».
// Structure: { title, subtitle, city, edition, sections: [{ heading, paragraphs }] }.
// A paragraph starting with "- " is rendered as a bullet item.

export const ru = {
  title: 'Публичная оферта',
  subtitle: 'договор возмездного оказания услуг по онлайн-обучению английскому и казахскому языкам',
  city: 'г. Алматы',
  edition: 'Редакция от 29.11.2026',
  sections: [
    {
      heading: '1. Общие положения',
      paragraphs: [
        '1.1. Настоящий документ является официальным предложением (публичной офертой) товарищества с ограниченной ответственностью «Тилмен Онлайн» (БИН 230140012345), далее — «Исполнитель», заключить договор возмездного оказания услуг на изложенных ниже условиях с любым дееспособным физическим лицом или юридическим лицом, далее — «Заказчик», в соответствии с Гражданским кодексом Республики Казахстан.',
        '1.2. Акцептом оферты является регистрация Заказчика на сайте tilmen.kz либо оплата услуг полностью или частично, в зависимости от того, что наступит раньше. С момента акцепта договор считается заключённым, а Заказчик подтверждает, что ознакомился с офертой, Политикой конфиденциальности и тарифами и принимает их без оговорок.',
        '1.3. Если обучаться будет несовершеннолетний, договор заключает и исполняет его законный представитель (родитель, опекун), который несёт обязанности Заказчика.',
        '1.4. Термины: «Сайт» — tilmen.kz и его поддомены; «Личный кабинет» — раздел Сайта для записи на уроки, оплаты и просмотра прогресса; «Урок» — онлайн-занятие с репетитором продолжительностью, указанной в тарифе; «Репетитор» — преподаватель, привлечённый Исполнителем; «Тариф» — пакет уроков с ценой и сроком действия, опубликованный на Сайте.',
      ],
    },
    {
      heading: '2. Предмет договора',
      paragraphs: [
        '2.1. Исполнитель обязуется оказать Заказчику услуги по обучению английскому и казахскому языкам в форме онлайн-уроков с репетитором, а Заказчик обязуется оплатить эти услуги.',
        '2.2. Уроки проводятся в индивидуальном формате (один ученик и репетитор) или в групповом формате (до 6 учеников в группе). Дополнительно Заказчику могут быть доступны материалы для самостоятельных занятий.',
        '2.3. Уроки проходят на онлайн-платформе Исполнителя с видеосвязью, интерактивной доской, словарём и домашними заданиями. Для участия Заказчику нужны компьютер или мобильное устройство с камерой, микрофоном и стабильным подключением к интернету.',
        '2.4. Новый Заказчик вправе один раз пройти бесплатный пробный урок, на котором определяется уровень языка и составляется план обучения.',
        '2.5. Услуги не сопровождаются выдачей документа об образовании государственного образца. По запросу Заказчика Исполнитель выдаёт сертификат о прохождении курса.',
      ],
    },
    {
      heading: '3. Стоимость и порядок оплаты',
      paragraphs: [
        '3.1. Стоимость услуг определяется тарифными планами, опубликованными на Сайте на момент оплаты. Цены указаны в тенге. Индивидуальный урок стоит от 4 500 ₸, групповой урок — от 3 500 ₸, помощь репетитора в чате между уроками — от 500 ₸ в час; итоговая цена зависит от количества уроков в пакете, их продолжительности и категории репетитора.',
        '3.2. Оплата производится банковскими картами Visa и Mastercard через платёжного провайдера с обязательным подтверждением по технологии 3-D Secure. Данные карты вводятся на защищённой странице провайдера; Исполнитель не получает и не хранит полный номер карты и CVV/CVC-код.',
        '3.3. Услуги оплачиваются авансом в размере стоимости выбранного пакета или места в группе. Обязанность Заказчика по оплате считается исполненной с момента подтверждения платежа платёжным провайдером.',
        '3.4. Скидка по промокоду суммируется со скидкой тарифа: она рассчитывается от цены пакета с учётом скидки тарифа. К одной оплате применяется один промокод. Скидки по другим акциям не суммируются, если условиями акции не предусмотрено иное.',
        '3.5. Исполнитель вправе изменять тарифы. Новые цены не распространяются на пакеты и места в группах, оплаченные до их публикации.',
      ],
    },
    {
      heading: '4. Запись, перенос и отмена уроков',
      paragraphs: [
        '4.1. Время уроков согласовывается в Личном кабинете. Исполнитель напоминает о предстоящем уроке по SMS или электронной почте.',
        '4.2. Заказчик вправе отменить или перенести индивидуальный урок не позднее чем за 8 (восемь) часов до его начала. В этом случае урок не списывается с баланса.',
        '4.3. При отмене менее чем за 8 часов до начала или при неявке урок считается проведённым и списывается с баланса. Опоздание Заказчика не продлевает урок.',
        '4.4. Если урок не состоялся по вине Исполнителя или репетитора, в том числе из-за технического сбоя платформы, урок не списывается, а Заказчику предлагается другое удобное время или другой репетитор.',
        '4.5. Групповые уроки проходят по расписанию группы, опубликованному на её странице на Сайте; в группе не больше 6 (шести) учеников одного уровня. Место в группе оплачивается за уроки группы, которые ещё не начались на момент оплаты, по цене урока этой группы. Пока идёт оплата, место закрепляется за Заказчиком на 20 (двадцать) минут.',
        '4.6. Если за 2 (два) дня до первого урока в группе меньше учеников, чем минимальный состав, указанный на её странице, Исполнитель объединяет её с другой группой или отменяет. При объединении Заказчик ничего не доплачивает, а разница в цене возвращается; при отмене оплаченная сумма возвращается полностью.',
        '4.7. Урок группы, пропущенный Заказчиком, считается проведённым. Урок группы, отменённый Исполнителем или репетитором, переносится для всей группы или его стоимость возвращается Заказчику.',
        '4.8. Заказчик вправе выйти из группы в любое время; ему возвращается стоимость уроков группы, которые ещё не начались.',
        '4.9. Если оплата поступила, когда все места в группе уже заняты, оплаченная сумма возвращается полностью. Место, освободившееся в полной группе, предлагается первому в листе ожидания и закрепляется за ним на 12 (двенадцать) часов.',
        '4.10. Заказчик — юридическое лицо вправе заказать у Исполнителя закрытую группу для своих работников: такая группа не публикуется на Сайте, её расписание и цена урока указываются в кабинете компании на Сайте. Места в закрытой группе оплачиваются авансом банковским переводом по счёту Исполнителя; сумма счёта равна числу мест, умноженному на число уроков группы, которые ещё не начались на дату счёта, и на цену урока группы. Оплаченная сумма учитывается как аванс Заказчика на групповые уроки. При записи работника в группу из аванса оплачивается его место: цена урока группы, умноженная на число уроков группы, которые ещё не начались; если свободного остатка аванса недостаточно, работник в группу не записывается. Урок группы, пропущенный работником, считается проведённым. В аванс Заказчика возвращаются: стоимость уроков места, которые ещё не начались, — если Заказчик исключает работника из группы или Исполнитель отменяет группу; стоимость урока группы, отменённого Исполнителем или не проведённого по вине Исполнителя или репетитора, — не позднее окончания группы; разница в цене при объединении групп или переводе работника в другую группу (пункт 4.6). Неиспользованный остаток аванса сохраняется за Заказчиком без ограничения срока: Заказчик вправе оплатить из него места работников в любой своей закрытой группе или потребовать его возврата на свой банковский счёт по письменному заявлению в срок, указанный в пункте 5.3.',
        '4.11. Помощь репетитора в чате оплачивается по часам по цене, указанной на Сайте (500 тенге за час). Заказчик задаёт вопрос в Личном кабинете текстом или с фотографией задания; отвечает репетитор, дежурящий по предмету. Время учитывается по данным платформы блоками по 6 (шесть) минут: от сообщения Заказчика до ответа репетитора, но не ранее момента, когда репетитор принял вопрос; один ответ учитывается не более чем как 3 (три) блока, а ответы репетитора подряд до следующего сообщения Заказчика не учитываются. Стоимость блока — одна десятая цены часа. В часы дежурства первый ответ на вопрос даётся в течение 15 (пятнадцати) минут. Неиспользованное оплаченное время возвращается Заказчику по его заявлению в Личном кабинете в порядке и в срок, указанные в пункте 5.3; открытые вопросы при этом закрываются.',
      ],
    },
    {
      heading: '5. Возврат денежных средств',
      paragraphs: [
        '5.1. Заказчик вправе в любое время отказаться от услуг и потребовать возврата денег за неиспользованные уроки.',
        '5.2. Сумма возврата равна оплаченной сумме за вычетом стоимости проведённых и списанных уроков, рассчитанной по цене одного урока в оплаченном пакете.',
        '5.3. Заявление о возврате направляется через Личный кабинет или на адрес support@tilmen.kz. Деньги возвращаются на банковскую карту, с которой производилась оплата, в течение 10 (десяти) рабочих дней со дня получения заявления. Срок зачисления также зависит от банка, выпустившего карту.',
        '5.4. Если карта закрыта, возврат производится на банковский счёт плательщика по его письменному заявлению. Возврат наличными не производится.',
      ],
    },
    {
      heading: '6. Права и обязанности сторон',
      paragraphs: [
        '6.1. Исполнитель обязуется: проводить уроки силами квалифицированных репетиторов; обеспечивать доступ к платформе и учебным материалам; соблюдать согласованное расписание; обеспечивать защиту персональных данных Заказчика в соответствии с Политикой конфиденциальности; рассматривать обращения Заказчика в течение 10 (десяти) календарных дней.',
        '6.2. Исполнитель вправе: заменить репетитора на репетитора той же или более высокой категории; приостановить доступ к платформе при нарушении Заказчиком условий оферты или правил поведения; привлекать третьих лиц для оказания услуг, оставаясь ответственным за их действия.',
        '6.3. Заказчик обязуется: указывать достоверные данные; своевременно оплачивать услуги; уважительно относиться к репетиторам и другим ученикам; не передавать доступ к Личному кабинету третьим лицам; не записывать и не распространять уроки и материалы без письменного согласия Исполнителя.',
        '6.4. Заказчик вправе: выбирать репетитора, формат и время уроков; получать информацию о своём прогрессе; просить замены репетитора; отказаться от услуг с возвратом денег за неиспользованные уроки.',
      ],
    },
    {
      heading: '7. Ответственность сторон',
      paragraphs: [
        '7.1. За неисполнение или ненадлежащее исполнение обязательств стороны несут ответственность в соответствии с законодательством Республики Казахстан.',
        '7.2. Исполнитель не отвечает за невозможность проведения урока по причинам на стороне Заказчика: неисправность оборудования, отсутствие интернета, неверно указанные контактные данные.',
        '7.3. Результат обучения (например, балл на экзамене) зависит в том числе от усилий Заказчика, поэтому Исполнитель не гарантирует достижение конкретного результата, но гарантирует качество и объём оказанных услуг.',
        '7.4. Стороны освобождаются от ответственности при обстоятельствах непреодолимой силы (стихийные бедствия, массовые сбои связи, акты государственных органов), если эти обстоятельства непосредственно препятствуют исполнению договора.',
      ],
    },
    {
      heading: '8. Разрешение споров',
      paragraphs: [
        '8.1. Договор регулируется законодательством Республики Казахстан.',
        '8.2. Споры решаются путём переговоров. Претензия направляется на support@tilmen.kz и рассматривается в течение 10 (десяти) календарных дней со дня её получения.',
        '8.3. Если спор не урегулирован, он рассматривается судом Республики Казахстан по месту нахождения Исполнителя в г. Алматы, если законодательство о защите прав потребителей не предоставляет Заказчику право выбора иного суда.',
      ],
    },
    {
      heading: '9. Срок действия и изменение оферты',
      paragraphs: [
        '9.1. Оферта вступает в силу с момента публикации на Сайте и действует до её отзыва Исполнителем. Договор действует до полного исполнения сторонами своих обязательств.',
        '9.2. Исполнитель вправе изменять оферту. Новая редакция вступает в силу с момента публикации на Сайте; к пакетам, оплаченным ранее, применяются условия, действовавшие на дату оплаты.',
        '9.3. Оферта опубликована на казахском, русском и английском языках. Тексты на казахском и русском языках имеют одинаковую силу; английский текст является переводом для удобства.',
      ],
    },
    {
      heading: '10. Реквизиты Исполнителя',
      paragraphs: [
        'ТОО «Тилмен Онлайн», БИН 230140012345',
        'Адрес: Республика Казахстан, г. Алматы, пр. Абая, 150',
        'E-mail: support@tilmen.kz, телефон: +7 727 350 50 50, сайт: tilmen.kz',
        'Банковские реквизиты предоставляются по запросу Заказчика.',
      ],
    },
  ],
};

export const kk = {
  title: 'Жария оферта',
  subtitle: 'ағылшын және қазақ тілдерін онлайн оқыту бойынша ақылы қызмет көрсету шарты',
  city: 'Алматы қ.',
  edition: '29.11.2026 жылғы редакция',
  sections: [
    {
      heading: '1. Жалпы ережелер',
      paragraphs: [
        '1.1. Осы құжат «Тилмен Онлайн» жауапкершілігі шектеулі серіктестігінің (БСН 230140012345), бұдан әрі — «Орындаушы», кез келген әрекетке қабілетті жеке тұлғамен немесе заңды тұлғамен, бұдан әрі — «Тапсырыс беруші», Қазақстан Республикасының Азаматтық кодексіне сәйкес төменде көрсетілген шарттарда ақылы қызмет көрсету шартын жасасу туралы ресми ұсынысы (жария офертасы) болып табылады.',
        '1.2. Тапсырыс берушінің tilmen.kz сайтында тіркелуі не қызметтерге толық немесе ішінара ақы төлеуі, қайсысы бұрын болса, офертаны акцептеу болып табылады. Акцепт сәтінен бастап шарт жасалды деп есептеледі, ал Тапсырыс беруші оферта, Құпиялылық саясаты және тарифтермен танысқанын әрі оларды ескертпесіз қабылдайтынын растайды.',
        '1.3. Егер кәмелетке толмаған адам оқитын болса, шартты оның заңды өкілі (ата-анасы, қорғаншысы) жасасады және орындайды әрі Тапсырыс берушінің міндеттерін атқарады.',
        '1.4. Терминдер: «Сайт» — tilmen.kz және оның қосалқы домендері; «Жеке кабинет» — сабаққа жазылуға, ақы төлеуге және үлгерімді көруге арналған Сайт бөлімі; «Сабақ» — тарифте көрсетілген ұзақтықтағы репетитормен өтетін онлайн сабақ; «Репетитор» — Орындаушы тартқан оқытушы; «Тариф» — Сайтта жарияланған бағасы мен қолданылу мерзімі бар сабақтар пакеті.',
      ],
    },
    {
      heading: '2. Шарттың мәні',
      paragraphs: [
        '2.1. Орындаушы Тапсырыс берушіге репетитормен онлайн сабақтар түрінде ағылшын және қазақ тілдерін оқыту қызметтерін көрсетуге, ал Тапсырыс беруші осы қызметтерге ақы төлеуге міндеттенеді.',
        '2.2. Сабақтар жеке форматта (бір оқушы және репетитор) немесе топтық форматта (топта 6 оқушыға дейін) өтеді. Сонымен қатар Тапсырыс берушіге өз бетінше оқуға арналған материалдар қолжетімді болуы мүмкін.',
        '2.3. Сабақтар Орындаушының бейнебайланысы, интерактивті тақтасы, сөздігі және үй тапсырмалары бар онлайн платформасында өтеді. Қатысу үшін Тапсырыс берушіге камерасы, микрофоны және тұрақты интернет байланысы бар компьютер немесе мобильді құрылғы қажет.',
        '2.4. Жаңа Тапсырыс беруші бір рет тегін сынақ сабағынан өтуге құқылы, онда тіл деңгейі анықталып, оқу жоспары құрылады.',
        '2.5. Қызметтер көрсетілгеннен кейін мемлекеттік үлгідегі білім туралы құжат берілмейді. Тапсырыс берушінің сұрауы бойынша Орындаушы курсты аяқтағаны туралы сертификат береді.',
      ],
    },
    {
      heading: '3. Құны және ақы төлеу тәртібі',
      paragraphs: [
        '3.1. Қызметтердің құны ақы төлеу сәтінде Сайтта жарияланған тарифтік жоспарлармен айқындалады. Бағалар теңгемен көрсетілген. Жеке сабақтың құны — 4 500 ₸-ден, топтық сабақтың құны — 3 500 ₸-ден, сабақ аралығында репетитордың чаттағы көмегі сағатына 500 ₸-ден басталады; түпкілікті баға пакеттегі сабақтар санына, олардың ұзақтығына және репетитордың санатына байланысты.',
        '3.2. Ақы Visa және Mastercard банк карталарымен төлем провайдері арқылы 3-D Secure технологиясы бойынша міндетті растаумен төленеді. Карта деректері провайдердің қорғалған бетінде енгізіледі; Орындаушы картаның толық нөмірін және CVV/CVC кодын алмайды және сақтамайды.',
        '3.3. Қызметтерге таңдалған пакеттің немесе топтағы орынның құны мөлшерінде алдын ала ақы төленеді. Тапсырыс берушінің ақы төлеу міндеті төлем провайдері төлемді растаған сәттен бастап орындалды деп есептеледі.',
        '3.4. Промокод жеңілдігі тариф жеңілдігіне қосылады: ол пакеттің тариф жеңілдігі ескерілген бағасынан есептеледі. Бір төлемге бір промокод қолданылады. Басқа акциялардың жеңілдіктері, егер акция шарттарында өзгеше көзделмесе, бір-біріне қосылмайды.',
        '3.5. Орындаушы тарифтерді өзгертуге құқылы. Жаңа бағалар олар жарияланғанға дейін төленген пакеттерге және топтағы орындарға қолданылмайды.',
      ],
    },
    {
      heading: '4. Сабаққа жазылу, ауыстыру және болдырмау',
      paragraphs: [
        '4.1. Сабақ уақыты Жеке кабинетте келісіледі. Орындаушы алдағы сабақ туралы SMS немесе электрондық пошта арқылы еске салады.',
        '4.2. Тапсырыс беруші жеке сабақты ол басталғанға дейін кемінде 8 (сегіз) сағат бұрын болдырмауға немесе басқа уақытқа ауыстыруға құқылы. Бұл жағдайда сабақ теңгерімнен есептен шығарылмайды.',
        '4.3. Сабақ басталуына 8 сағаттан аз уақыт қалғанда болдырылмаса немесе Тапсырыс беруші келмесе, сабақ өткізілді деп есептеліп, теңгерімнен есептен шығарылады. Тапсырыс берушінің кешігуі сабақты ұзартпайды.',
        '4.4. Егер сабақ Орындаушының немесе репетитордың кінәсінен, оның ішінде платформаның техникалық ақауынан өтпесе, сабақ есептен шығарылмайды, ал Тапсырыс берушіге басқа ыңғайлы уақыт немесе басқа репетитор ұсынылады.',
        '4.5. Топтық сабақтар Сайттағы топ бетінде жарияланған топ кестесі бойынша өтеді; топта бір деңгейдегі 6 (алты) оқушыдан аспайды. Топтағы орынның ақысы төлем сәтінде әлі басталмаған топ сабақтары үшін осы топтың бір сабағының бағасы бойынша төленеді. Төлем жүріп жатқанда орын Тапсырыс берушіге 20 (жиырма) минутқа бекітіледі.',
        '4.6. Егер бірінші сабаққа 2 (екі) күн қалғанда топтағы оқушылар саны оның бетінде көрсетілген ең аз құрамнан кем болса, Орындаушы топты басқа топпен біріктіреді немесе болдырмайды. Біріктірген кезде Тапсырыс беруші қосымша ақы төлемейді, ал баға айырмасы қайтарылады; болдырмаған кезде төленген сома толық қайтарылады.',
        '4.7. Тапсырыс беруші қатыспаған топ сабағы өткізілді деп есептеледі. Орындаушы немесе репетитор болдырмаған топ сабағы бүкіл топ үшін басқа уақытқа ауыстырылады немесе оның құны Тапсырыс берушіге қайтарылады.',
        '4.8. Тапсырыс беруші топтан кез келген уақытта шығуға құқылы; оған топтың әлі басталмаған сабақтарының құны қайтарылады.',
        '4.9. Егер ақы топтағы барлық орын толып қалғаннан кейін түссе, төленген сома толық қайтарылады. Толық топта босаған орын күту тізіміндегі біріншіге ұсынылады және оған 12 (он екі) сағатқа бекітіледі.',
        '4.10. Заңды тұлға болып табылатын Тапсырыс беруші Орындаушыдан өз қызметкерлеріне арналған жабық топқа тапсырыс беруге құқылы: мұндай топ Сайтта жарияланбайды, оның кестесі мен сабақ бағасы Сайттағы компания кабинетінде көрсетіледі. Жабық топтағы орындар Орындаушының шоты бойынша банк аударымымен алдын ала төленеді; шоттың сомасы орын санының, шот жазылған күні әлі басталмаған топ сабақтары санының және топ сабағы бағасының көбейтіндісіне тең. Төленген сома Тапсырыс берушінің топтық сабақтарға арналған авансы ретінде есепке алынады. Қызметкер топқа жазылғанда оның орны аванстан төленеді: топ сабағының бағасы әлі басталмаған топ сабақтарының санына көбейтіледі; аванстың бос қалдығы жетпесе, қызметкер топқа жазылмайды. Қызметкер қатыспаған топ сабағы өткізілді деп есептеледі. Тапсырыс берушінің авансына мыналар қайтарылады: Тапсырыс беруші қызметкерді топтан шығарса немесе Орындаушы топты болдырмаса — орынның әлі басталмаған сабақтарының құны; Орындаушы болдырмаған немесе Орындаушының не репетитордың кінәсінен өткізілмеген топ сабағының құны — топ аяқталғаннан кешіктірілмей; топтар біріктірілгенде немесе қызметкер басқа топқа ауыстырылғанда — баға айырмасы (4.6-тармақ). Аванстың пайдаланылмаған қалдығы мерзімсіз Тапсырыс берушінің пайдасына сақталады: Тапсырыс беруші одан өзінің кез келген жабық тобындағы қызметкерлердің орындарын төлеуге немесе жазбаша өтініш бойынша оны 5.3-тармақта көрсетілген мерзімде өз банк шотына қайтаруды талап етуге құқылы.',
        '4.11. Репетитордың чаттағы көмегі Сайтта көрсетілген баға бойынша (сағатына 500 теңге) сағатпен төленеді. Тапсырыс беруші Жеке кабинетте сұрақты мәтінмен немесе тапсырманың фотосымен қояды; пән бойынша кезекшілікте тұрған репетитор жауап береді. Уақыт платформа деректері бойынша 6 (алты) минуттық блоктармен есепке алынады: Тапсырыс берушінің хабарламасынан репетитордың жауабына дейін, бірақ репетитор сұрақты қабылдаған сәттен ерте емес; бір жауап 3 (үш) блоктан артық есептелмейді, ал Тапсырыс берушінің келесі хабарламасына дейін репетитордың қатарынан берген жауаптары есептелмейді. Бір блоктың құны — сағат бағасының оннан бір бөлігі. Кезекшілік сағаттарында сұраққа алғашқы жауап 15 (он бес) минут ішінде беріледі. Пайдаланылмаған төленген уақыттың ақшасы Тапсырыс берушіге Жеке кабинеттегі өтініші бойынша 5.3-тармақта көрсетілген тәртіппен және мерзімде қайтарылады; бұл ретте ашық сұрақтар жабылады.',
      ],
    },
    {
      heading: '5. Ақшаны қайтару',
      paragraphs: [
        '5.1. Тапсырыс беруші кез келген уақытта қызметтерден бас тартуға және пайдаланылмаған сабақтар үшін төленген ақшаны қайтаруды талап етуге құқылы.',
        '5.2. Қайтарылатын сома төленген сомадан өткізілген және есептен шығарылған сабақтардың құнын шегергенге тең; бұл құн төленген пакеттегі бір сабақтың бағасы бойынша есептеледі.',
        '5.3. Ақшаны қайтару туралы өтініш Жеке кабинет арқылы немесе support@tilmen.kz мекенжайына жіберіледі. Ақша өтініш алынған күннен бастап 10 (он) жұмыс күні ішінде төлем жасалған банк картасына қайтарылады. Ақшаның картаға түсу мерзімі картаны шығарған банкке де байланысты.',
        '5.4. Егер карта жабылған болса, ақша төлеушінің жазбаша өтініші бойынша оның банк шотына қайтарылады. Ақша қолма-қол қайтарылмайды.',
      ],
    },
    {
      heading: '6. Тараптардың құқықтары мен міндеттері',
      paragraphs: [
        '6.1. Орындаушы: сабақтарды білікті репетиторлар арқылы өткізуге; платформа мен оқу материалдарына қолжетімділікті қамтамасыз етуге; келісілген кестені сақтауға; Тапсырыс берушінің дербес деректерін Құпиялылық саясатына сәйкес қорғауға; Тапсырыс берушінің өтініштерін 10 (он) күнтізбелік күн ішінде қарауға міндеттенеді.',
        '6.2. Орындаушы: репетиторды сол немесе одан жоғары санаттағы репетиторға ауыстыруға; Тапсырыс беруші оферта шарттарын немесе мінез-құлық ережелерін бұзған жағдайда платформаға қолжетімділікті тоқтата тұруға; қызмет көрсетуге үшінші тұлғаларды тартуға құқылы, бұл ретте олардың әрекеттері үшін жауапты болып қалады.',
        '6.3. Тапсырыс беруші: шынайы деректерді көрсетуге; қызметтерге уақтылы ақы төлеуге; репетиторлар мен басқа оқушыларды құрметтеуге; Жеке кабинетке кіру мүмкіндігін үшінші тұлғаларға бермеуге; Орындаушының жазбаша келісімінсіз сабақтар мен материалдарды жазып алмауға және таратпауға міндеттенеді.',
        '6.4. Тапсырыс беруші: репетиторды, сабақ форматы мен уақытын таңдауға; өз үлгерімі туралы ақпарат алуға; репетиторды ауыстыруды сұрауға; пайдаланылмаған сабақтар үшін ақшаны қайтара отырып, қызметтерден бас тартуға құқылы.',
      ],
    },
    {
      heading: '7. Тараптардың жауапкершілігі',
      paragraphs: [
        '7.1. Міндеттемелерді орындамағаны немесе тиісінше орындамағаны үшін тараптар Қазақстан Республикасының заңнамасына сәйкес жауапты болады.',
        '7.2. Орындаушы сабақтың Тапсырыс берушіге байланысты себептермен өтпеуіне жауап бермейді: жабдықтың ақауы, интернеттің болмауы, байланыс деректерінің қате көрсетілуі.',
        '7.3. Оқу нәтижесі (мысалы, емтихандағы балл) Тапсырыс берушінің өз күш-жігеріне де байланысты, сондықтан Орындаушы белгілі бір нәтижеге кепілдік бермейді, бірақ көрсетілген қызметтердің сапасы мен көлеміне кепілдік береді.',
        '7.4. Тараптар еңсерілмейтін күш мән-жайлары (дүлей апаттар, байланыстың жаппай үзілуі, мемлекеттік органдардың актілері) шартты орындауға тікелей кедергі келтірсе, жауапкершіліктен босатылады.',
      ],
    },
    {
      heading: '8. Дауларды шешу',
      paragraphs: [
        '8.1. Шарт Қазақстан Республикасының заңнамасымен реттеледі.',
        '8.2. Даулар келіссөздер арқылы шешіледі. Кінәрат-талап support@tilmen.kz мекенжайына жіберіледі және ол алынған күннен бастап 10 (он) күнтізбелік күн ішінде қаралады.',
        '8.3. Егер дау реттелмесе, ол Орындаушының орналасқан жері бойынша Алматы қаласындағы Қазақстан Республикасының сотында қаралады, егер тұтынушылардың құқықтарын қорғау туралы заңнама Тапсырыс берушіге басқа сотты таңдау құқығын бермесе.',
      ],
    },
    {
      heading: '9. Офертаның қолданылу мерзімі және өзгертілуі',
      paragraphs: [
        '9.1. Оферта Сайтта жарияланған сәттен бастап күшіне енеді және Орындаушы оны кері қайтарып алғанға дейін қолданылады. Шарт тараптар өз міндеттемелерін толық орындағанға дейін қолданылады.',
        '9.2. Орындаушы офертаны өзгертуге құқылы. Жаңа редакция Сайтта жарияланған сәттен бастап күшіне енеді; бұрын төленген пакеттерге төлем күні қолданыста болған шарттар қолданылады.',
        '9.3. Оферта қазақ, орыс және ағылшын тілдерінде жарияланған. Қазақ және орыс тілдеріндегі мәтіндердің күші бірдей; ағылшын тіліндегі мәтін ыңғайлылық үшін жасалған аударма болып табылады.',
      ],
    },
    {
      heading: '10. Орындаушының деректемелері',
      paragraphs: [
        '«Тилмен Онлайн» ЖШС, БСН 230140012345',
        'Мекенжайы: Қазақстан Республикасы, Алматы қ., Абай даңғылы, 150',
        'E-mail: support@tilmen.kz, телефон: +7 727 350 50 50, сайт: tilmen.kz',
        'Банк деректемелері Тапсырыс берушінің сұрауы бойынша беріледі.',
      ],
    },
  ],
};

export const en = {
  title: 'Public Offer',
  subtitle: 'agreement for paid online English and Kazakh language lessons',
  city: 'Almaty',
  edition: 'Version of 29.11.2026',
  sections: [
    {
      heading: '1. General provisions',
      paragraphs: [
        '1.1. This document is the official proposal (public offer) of Tilmen Online LLP (ТОО «Тилмен Онлайн», BIN 230140012345), hereinafter the "Provider", to enter into a paid services agreement on the terms set out below with any legally capable individual or legal entity, hereinafter the "Customer", in accordance with the Civil Code of the Republic of Kazakhstan.',
        '1.2. The offer is accepted when the Customer registers on tilmen.kz or pays for the services in full or in part, whichever happens first. From the moment of acceptance the agreement is deemed concluded, and the Customer confirms that they have read and accept without reservation this offer, the Privacy Policy and the tariffs.',
        '1.3. If the learner is a minor, the agreement is concluded and performed by their legal representative (parent or guardian), who assumes the obligations of the Customer.',
        '1.4. Definitions: "Website" means tilmen.kz and its subdomains; "Account" means the section of the Website for booking lessons, paying and tracking progress; "Lesson" means an online session with a tutor of the length stated in the tariff; "Tutor" means a teacher engaged by the Provider; "Tariff" means a package of lessons with the price and validity period published on the Website.',
      ],
    },
    {
      heading: '2. Subject of the agreement',
      paragraphs: [
        '2.1. The Provider undertakes to provide the Customer with English and Kazakh language tuition in the form of online lessons with a tutor, and the Customer undertakes to pay for these services.',
        '2.2. Lessons are held individually (one learner and a tutor) or in groups (up to 6 learners per group). Self-study materials may also be made available to the Customer.',
        '2.3. Lessons take place on the Provider\'s online platform with video calls, an interactive whiteboard, a dictionary and homework. To take part, the Customer needs a computer or mobile device with a camera, a microphone and a stable internet connection.',
        '2.4. A new Customer is entitled to one free trial lesson, during which the language level is assessed and a study plan is drawn up.',
        '2.5. The services do not lead to a state-recognised education document. At the Customer\'s request, the Provider issues a certificate of course completion.',
      ],
    },
    {
      heading: '3. Prices and payment',
      paragraphs: [
        '3.1. The price of the services is set by the tariff plans published on the Website at the time of payment. Prices are stated in Kazakhstani tenge. An individual lesson costs from 4 500 ₸, a group lesson from 3 500 ₸ and a tutor\'s help in chat between lessons from 500 ₸ an hour; the final price depends on the number of lessons in the package, their length and the tutor category.',
        '3.2. Payment is made by Visa and Mastercard bank cards through a payment provider with mandatory 3-D Secure authentication. Card details are entered on the provider\'s secure page; the Provider neither receives nor stores the full card number or the CVV/CVC code.',
        '3.3. Services are paid in advance in the amount of the price of the selected package or of the seat in a group. The Customer\'s payment obligation is fulfilled when the payment provider confirms the payment.',
        '3.4. A promo code discount comes on top of the plan\'s discount: it is calculated from the package price after the plan\'s discount. One promo code applies to one payment. Discounts from other promotions cannot be combined unless the promotion says otherwise.',
        '3.5. The Provider may change its tariffs. New prices do not apply to packages or seats in groups paid for before they were published.',
      ],
    },
    {
      heading: '4. Booking, rescheduling and cancelling lessons',
      paragraphs: [
        '4.1. Lesson times are agreed in the Account. The Provider sends reminders about upcoming lessons by SMS or e-mail.',
        '4.2. The Customer may cancel or reschedule an individual lesson at least 8 (eight) hours before it starts. In that case the lesson is not deducted from the balance.',
        '4.3. If a lesson is cancelled less than 8 hours before it starts, or the Customer does not attend, the lesson is deemed held and is deducted from the balance. Lateness on the Customer\'s side does not extend the lesson.',
        '4.4. If a lesson does not take place through the fault of the Provider or the tutor, including a technical failure of the platform, the lesson is not deducted and the Customer is offered another convenient time or another tutor.',
        '4.5. Group lessons follow the group\'s schedule published on its page on the Website; a group has no more than 6 (six) students of one level. The payment for a seat in a group covers the group\'s lessons that have not started at the time of payment, at that group\'s price per lesson. While the payment is in progress, the seat is held for the Customer for 20 (twenty) minutes.',
        '4.6. If, 2 (two) days before its first lesson, a group has fewer students than the minimum stated on its page, the Provider merges it with another group or cancels it. On a merger the Customer pays nothing extra and any price difference is refunded; on cancellation the amount paid is refunded in full.',
        '4.7. A group lesson the Customer misses is deemed held. A group lesson cancelled by the Provider or the tutor is rescheduled for the whole group, or its price is refunded to the Customer.',
        '4.8. The Customer may leave a group at any time; the price of the group\'s lessons that have not yet started is refunded to the Customer.',
        '4.9. If a payment arrives when all seats in the group are already taken, the amount paid is refunded in full. A seat that frees up in a full group is offered to the first person on the waiting list and held for them for 12 (twelve) hours.',
        '4.10. A Customer that is a legal entity may order from the Provider a closed group for its employees: such a group is not published on the Website, and its schedule and price per lesson are shown in the company portal on the Website. Seats in a closed group are paid in advance by bank transfer against the Provider\'s invoice; the invoice amount is the number of seats multiplied by the number of the group\'s lessons not yet started on the invoice date and by the group\'s price per lesson. The amount paid is held as the Customer\'s advance for group lessons. When an employee is enrolled in the group, their seat is paid from the advance: the group\'s price per lesson multiplied by the number of the group\'s lessons not yet started; if the free balance of the advance is not enough, the employee is not enrolled. A group lesson an employee misses is deemed held. The following go back to the Customer\'s advance: the price of the seat\'s lessons not yet started, when the Customer removes an employee from the group or the Provider cancels the group; the price of a group lesson cancelled by the Provider or not held through the fault of the Provider or the tutor, no later than the end of the group; the price difference when groups are merged or an employee is moved to another group (clause 4.6). The unused balance of the advance remains the Customer\'s without time limit: the Customer may use it to pay for its employees\' seats in any of its closed groups, or demand its refund to the Customer\'s bank account on a written request, within the time stated in clause 5.3.',
        '4.11. Tutor chat help is paid by the hour at the price stated on the Website (500 tenge an hour). The Customer asks a question in the Account with text or a photo of the task; a tutor on duty for the subject answers. Time is counted from the platform\'s records in blocks of 6 (six) minutes: from the Customer\'s message to the tutor\'s answer, but not before the tutor took the question; one answer counts as no more than 3 (three) blocks, and the tutor\'s answers in a row before the Customer\'s next message are not counted. A block costs one tenth of the price of an hour. During duty hours the first answer to a question is given within 15 (fifteen) minutes. Unused paid time is refunded to the Customer on their request in the Account, in the manner and within the time stated in clause 5.3; the Customer\'s open questions are then closed.',
      ],
    },
    {
      heading: '5. Refunds',
      paragraphs: [
        '5.1. The Customer may withdraw from the services at any time and request a refund for unused lessons.',
        '5.2. The refund equals the amount paid minus the cost of lessons already held and deducted, calculated at the price of one lesson in the purchased package.',
        '5.3. A refund request is submitted through the Account or to support@tilmen.kz. The money is returned to the bank card used for payment within 10 (ten) business days from the date the request is received. The time it takes to reach the card also depends on the issuing bank.',
        '5.4. If the card has been closed, the refund is made to the payer\'s bank account upon their written request. Refunds are not made in cash.',
      ],
    },
    {
      heading: '6. Rights and obligations of the parties',
      paragraphs: [
        '6.1. The Provider shall: hold lessons with qualified tutors; provide access to the platform and study materials; keep to the agreed schedule; protect the Customer\'s personal data in accordance with the Privacy Policy; respond to the Customer\'s enquiries within 10 (ten) calendar days.',
        '6.2. The Provider may: replace a tutor with a tutor of the same or a higher category; suspend access to the platform if the Customer breaches this offer or the rules of conduct; engage third parties to provide the services while remaining responsible for their actions.',
        '6.3. The Customer shall: provide accurate information; pay for the services on time; treat tutors and other learners with respect; not share access to the Account with third parties; not record or distribute lessons and materials without the Provider\'s written consent.',
        '6.4. The Customer may: choose the tutor, format and time of lessons; receive information about their progress; ask for a different tutor; withdraw from the services and receive a refund for unused lessons.',
      ],
    },
    {
      heading: '7. Liability',
      paragraphs: [
        '7.1. The parties are liable for non-performance or improper performance of their obligations in accordance with the legislation of the Republic of Kazakhstan.',
        '7.2. The Provider is not liable if a lesson cannot take place for reasons on the Customer\'s side: faulty equipment, lack of internet access or incorrect contact details.',
        '7.3. Learning outcomes (for example, an exam score) also depend on the Customer\'s own effort, so the Provider does not guarantee a specific result but does guarantee the quality and scope of the services provided.',
        '7.4. The parties are released from liability in the event of force majeure (natural disasters, large-scale communication outages, acts of public authorities) if such circumstances directly prevent performance of the agreement.',
      ],
    },
    {
      heading: '8. Dispute resolution',
      paragraphs: [
        '8.1. The agreement is governed by the legislation of the Republic of Kazakhstan.',
        '8.2. Disputes are settled through negotiation. A claim is sent to support@tilmen.kz and is considered within 10 (ten) calendar days of receipt.',
        '8.3. If a dispute is not settled, it is heard by a court of the Republic of Kazakhstan at the Provider\'s location in Almaty, unless consumer protection legislation gives the Customer the right to choose another court.',
      ],
    },
    {
      heading: '9. Term and amendments',
      paragraphs: [
        '9.1. The offer takes effect when published on the Website and remains valid until withdrawn by the Provider. The agreement remains in force until the parties have fully performed their obligations.',
        '9.2. The Provider may amend the offer. A new version takes effect when published on the Website; packages paid for earlier remain subject to the terms in force on the date of payment.',
        '9.3. The offer is published in Kazakh, Russian and English. The Kazakh and Russian texts are equally authoritative; the English text is a translation provided for convenience.',
      ],
    },
    {
      heading: '10. Provider details',
      paragraphs: [
        'Tilmen Online LLP (ТОО «Тилмен Онлайн»), BIN 230140012345',
        'Address: 150 Abay Avenue, Almaty, Republic of Kazakhstan',
        'E-mail: support@tilmen.kz, phone: +7 727 350 50 50, website: tilmen.kz',
        'Bank details are provided at the Customer\'s request.',
      ],
    },
  ],
};
