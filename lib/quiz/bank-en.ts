import 'server-only';
import { EN_BANDS, type EnLevel, type QuizBank, type QuizItem } from './types';

/**
 * English placement bank, written for Tilmen (original items, not taken from any exam).
 * 72 items: 12 per band (4 grammar, 4 vocabulary, 4 reading), one correct option each.
 * Server-side data: it carries the answers. Send only what draw.ts makes public.
 */

export const EN_ITEMS: readonly QuizItem<EnLevel>[] = [
  // ── Beginner (A1-) ─────────────────────────────────────────────────────────
  { id: 'en-g-001', skill: 'grammar', level: 'beginner', prompt: 'My name ___ Aigerim.', options: ['am', 'is', 'are', 'be'], answer: 1 },
  { id: 'en-g-002', skill: 'grammar', level: 'beginner', prompt: '___ you from Astana?', options: ['Is', 'Do', 'Are', 'Am'], answer: 2 },
  { id: 'en-g-003', skill: 'grammar', level: 'beginner', prompt: 'I have two ___.', options: ['sisters', 'sister', "sister's", 'sisteres'], answer: 0 },
  { id: 'en-g-004', skill: 'grammar', level: 'beginner', prompt: 'Hello! ___ name is Daniyar.', options: ['I', 'Me', 'Mine', 'My'], answer: 3 },
  { id: 'en-v-001', skill: 'vocabulary', level: 'beginner', prompt: 'Monday, Tuesday, ___, Thursday.', options: ['Friday', 'Wednesday', 'Sunday', 'Saturday'], answer: 1 },
  { id: 'en-v-002', skill: 'vocabulary', level: 'beginner', prompt: "My mother's mother is my ___.", options: ['aunt', 'sister', 'grandmother', 'daughter'], answer: 2 },
  { id: 'en-v-003', skill: 'vocabulary', level: 'beginner', prompt: 'We eat soup with a ___.', options: ['spoon', 'knife', 'fork', 'glass'], answer: 0 },
  { id: 'en-v-004', skill: 'vocabulary', level: 'beginner', prompt: 'Ten plus five is ___.', options: ['fifty', 'five', 'eleven', 'fifteen'], answer: 3 },
  {
    id: 'en-r-001', skill: 'reading', level: 'beginner',
    passage: 'Aigerim is ten years old. She lives in Almaty with her mother, her father and her brother. Her brother’s name is Arman. He is seven.',
    prompt: 'How old is Arman?',
    options: ['ten', 'seven', 'eleven', 'seventeen'], answer: 1,
  },
  {
    id: 'en-r-002', skill: 'reading', level: 'beginner',
    passage: 'This is Daniyar’s room. There is a bed, a desk and a big window. His computer is on the desk. His cat, Barys, is on the bed.',
    prompt: 'Where is the cat?',
    options: ['on the desk', 'under the bed', 'on the bed', 'at the window'], answer: 2,
  },
  {
    id: 'en-r-003', skill: 'reading', level: 'beginner',
    passage: 'Hi, I’m Madina. I’m a teacher at a school in Shymkent. I like tea, but I don’t like coffee. My favourite colour is blue.',
    prompt: 'Which drink does Madina like?',
    options: ['tea', 'coffee', 'milk', 'juice'], answer: 0,
  },
  {
    id: 'en-r-004', skill: 'reading', level: 'beginner',
    passage: 'It is Saturday. Asel and her father are in the park. It is cold and it is snowing. Asel has a red hat and a white scarf.',
    prompt: 'What colour is Asel’s hat?',
    options: ['white', 'blue', 'black', 'red'], answer: 3,
  },

  // ── Elementary (A1) ────────────────────────────────────────────────────────
  { id: 'en-g-005', skill: 'grammar', level: 'elementary', prompt: 'Aigerim ___ to school by bus every day.', options: ['go', 'goes', 'going', 'is go'], answer: 1 },
  { id: 'en-g-006', skill: 'grammar', level: 'elementary', prompt: 'There ___ two parks near my house.', options: ['is', 'be', 'are', 'has'], answer: 2 },
  { id: 'en-g-007', skill: 'grammar', level: 'elementary', prompt: 'My birthday is ___ May.', options: ['in', 'on', 'at', 'to'], answer: 0 },
  { id: 'en-g-008', skill: 'grammar', level: 'elementary', prompt: '___ your brother speak Kazakh?', options: ['Is', 'Are', 'Do', 'Does'], answer: 3 },
  { id: 'en-v-005', skill: 'vocabulary', level: 'elementary', prompt: 'I’m hungry. Let’s have ___.', options: ['a shower', 'lunch', 'a nap', 'a bath'], answer: 1 },
  { id: 'en-v-006', skill: 'vocabulary', level: 'elementary', prompt: 'A person who looks after sick people in a hospital is a ___.', options: ['driver', 'farmer', 'nurse', 'waiter'], answer: 2 },
  { id: 'en-v-007', skill: 'vocabulary', level: 'elementary', prompt: 'It’s ___ outside, so put on your warm coat.', options: ['cold', 'hot', 'warm', 'sunny'], answer: 0 },
  { id: 'en-v-008', skill: 'vocabulary', level: 'elementary', prompt: 'I get up at seven o’clock and ___ my teeth.', options: ['make', 'do', 'take', 'brush'], answer: 3 },
  {
    id: 'en-r-005', skill: 'reading', level: 'elementary',
    passage: 'Daniyar works in a bank in Astana. He starts work at nine o’clock and finishes at six. At lunchtime he usually eats in a small café near the bank. In the evening he plays football with his friends.',
    prompt: 'Where does Daniyar usually have lunch?',
    options: ['at home', 'in a café near the bank', 'in the bank', 'at the football club'], answer: 1,
  },
  {
    id: 'en-r-006', skill: 'reading', level: 'elementary',
    passage: 'Medeu Ice Rink. Open every day from 10:00 to 22:00. Skates for hire: 1,500 tenge an hour. Children under 7: free entry.',
    prompt: 'Which sentence is true?',
    options: ['The rink closes at ten in the morning.', 'You can skate only at weekends.', 'Children under seven do not pay to get in.', 'Skates are free.'], answer: 2,
  },
  {
    id: 'en-r-007', skill: 'reading', level: 'elementary',
    passage: 'Hi Asel! I can’t come to the cinema tonight. My little sister is ill and I must stay at home with her. Can we go on Saturday? Zarina',
    prompt: 'Why can’t Zarina go to the cinema tonight?',
    options: ['She has to look after her sister.', 'She is ill.', 'She has to work.', 'She doesn’t like films.'], answer: 0,
  },
  {
    id: 'en-r-008', skill: 'reading', level: 'elementary',
    passage: 'Bauyrzhan lives in a village near Kokshetau. He has a lot of animals: four horses, ten sheep and two cows. Every morning he gives them water.',
    prompt: 'How many horses does Bauyrzhan have?',
    options: ['two', 'ten', 'fourteen', 'four'], answer: 3,
  },

  // ── Pre-Intermediate (A2) ──────────────────────────────────────────────────
  { id: 'en-g-009', skill: 'grammar', level: 'pre-intermediate', prompt: 'Last summer we ___ to Lake Balkhash.', options: ['go', 'went', 'have gone', 'were go'], answer: 1 },
  { id: 'en-g-010', skill: 'grammar', level: 'pre-intermediate', prompt: 'In winter Almaty is usually ___ than Astana.', options: ['more warm', 'warmest', 'warmer', 'the warmer'], answer: 2 },
  { id: 'en-g-011', skill: 'grammar', level: 'pre-intermediate', prompt: 'Look out of the window! It ___.', options: ['is snowing', 'snows', 'snowing', 'snow'], answer: 0 },
  { id: 'en-g-012', skill: 'grammar', level: 'pre-intermediate', prompt: 'Is there ___ milk in the fridge?', options: ['a', 'many', 'few', 'any'], answer: 3 },
  { id: 'en-v-009', skill: 'vocabulary', level: 'pre-intermediate', prompt: 'We need to be at the airport two hours before our plane ___.', options: ['lands', 'takes off', 'gets off', 'arrives'], answer: 1 },
  { id: 'en-v-010', skill: 'vocabulary', level: 'pre-intermediate', prompt: 'I’d like to ___ a table for four for Friday evening.', options: ['take', 'make', 'book', 'keep'], answer: 2 },
  { id: 'en-v-011', skill: 'vocabulary', level: 'pre-intermediate', prompt: 'You can buy bread, milk and cheese at the ___.', options: ['grocery shop', 'chemist’s', 'post office', 'bookshop'], answer: 0 },
  { id: 'en-v-012', skill: 'vocabulary', level: 'pre-intermediate', prompt: 'It’s very ___ today, so take an umbrella.', options: ['sunny', 'windy', 'foggy', 'rainy'], answer: 3 },
  {
    id: 'en-r-009', skill: 'reading', level: 'pre-intermediate',
    passage: 'Last weekend Aliya and her friends drove from Almaty to Charyn Canyon. The journey took about four hours. They walked through the canyon to the river and had a picnic there. On the way back their car broke down, so they got home very late.',
    prompt: 'What went wrong during the trip?',
    options: ['They got lost in the canyon.', 'Their car had a problem.', 'It rained during the picnic.', 'The journey took four days.'], answer: 1,
  },
  {
    id: 'en-r-010', skill: 'reading', level: 'pre-intermediate',
    passage: 'Dear Mr Omarov, I am sorry, but I can’t come to my English lesson on Wednesday because I have an exam at university. Could we move the lesson to Thursday at the same time? Best wishes, Dana',
    prompt: 'What does Dana want to do?',
    options: ['Cancel all her lessons.', 'Have two lessons on Wednesday.', 'Change the day of her lesson.', 'Take her exam on Thursday.'], answer: 2,
  },
  {
    id: 'en-r-011', skill: 'reading', level: 'pre-intermediate',
    passage: 'Kazakhstan is the ninth largest country in the world, but only about twenty million people live there. Much of the country is steppe: wide, flat grassland. In the south and east there are high mountains, and in the west there is the Caspian Sea.',
    prompt: 'What is the steppe, according to the text?',
    options: ['a large area of flat land covered with grass', 'a chain of high mountains', 'a big sea in the west', 'a large city in the south'], answer: 0,
  },
  {
    id: 'en-r-012', skill: 'reading', level: 'pre-intermediate',
    passage: 'Summer English camp in Burabay! For ages 10 to 15. Two weeks of lessons in the morning, sports and games in the afternoon. The price includes meals and rooms. Places are limited, so register before 1 June.',
    prompt: 'Who can go to the camp?',
    options: ['adults who want to learn English', 'children under ten', 'only children who live in Burabay', 'children aged from ten to fifteen'], answer: 3,
  },

  // ── Intermediate (B1) ──────────────────────────────────────────────────────
  { id: 'en-g-013', skill: 'grammar', level: 'intermediate', prompt: 'I ___ in Astana since 2019.', options: ['live', 'have lived', 'lived', 'am living'], answer: 1 },
  { id: 'en-g-014', skill: 'grammar', level: 'intermediate', prompt: 'If it ___ tomorrow, we’ll stay at home.', options: ['will rain', 'rained', 'rains', 'would rain'], answer: 2 },
  { id: 'en-g-015', skill: 'grammar', level: 'intermediate', prompt: 'The new bridge over the Yesil river ___ last year.', options: ['was built', 'built', 'has built', 'is building'], answer: 0 },
  { id: 'en-g-016', skill: 'grammar', level: 'intermediate', prompt: 'When I was a child, I ___ spend every summer at my grandmother’s in the village.', options: ['use to', 'was used to', 'am used to', 'used to'], answer: 3 },
  { id: 'en-v-013', skill: 'vocabulary', level: 'intermediate', prompt: 'Can you ___ my cat while I’m on holiday?', options: ['look for', 'look after', 'look up', 'look into'], answer: 1 },
  { id: 'en-v-014', skill: 'vocabulary', level: 'intermediate', prompt: 'I’m really ___ in the history of the Silk Road.', options: ['interesting', 'keen', 'interested', 'fond'], answer: 2 },
  { id: 'en-v-015', skill: 'vocabulary', level: 'intermediate', prompt: 'She ___ a few mistakes in the test, but she still got a good mark.', options: ['made', 'did', 'took', 'had'], answer: 0 },
  { id: 'en-v-016', skill: 'vocabulary', level: 'intermediate', prompt: 'The concert was ___, so we got our money back.', options: ['crowded', 'recorded', 'booked', 'cancelled'], answer: 3 },
  {
    id: 'en-r-013', skill: 'reading', level: 'intermediate',
    passage: 'When Yerlan moved from a small town to Almaty for university, he found city life exciting but expensive. To pay for his room, he started working in a coffee shop at weekends. At first it was hard to combine work and study, but the job helped him make friends and improve his English, because many of the customers were tourists.',
    prompt: 'How did the job help Yerlan?',
    options: ['It paid for his university fees.', 'He met people and practised his English.', 'It helped him find a cheaper room.', 'It gave him more time for studying.'], answer: 1,
  },
  {
    id: 'en-r-014', skill: 'reading', level: 'intermediate',
    passage: 'Dombra lessons for adults. No experience needed! Our teacher, Nurlan Seitkali, has played in a folk orchestra for fifteen years. Lessons take place on Tuesday and Thursday evenings. Bring your own dombra or rent one from us for a small fee.',
    prompt: 'What is true about the dombra lessons?',
    options: ['They are only for experienced players.', 'They happen every evening.', 'You do not need to have your own dombra.', 'They are for children.'], answer: 2,
  },
  {
    id: 'en-r-015', skill: 'reading', level: 'intermediate',
    passage: 'Many people think that the apple first came from Europe. In fact, scientists have found that the wild apple trees of the Tien Shan mountains in Kazakhstan are the ancestors of most apples we eat today. The old name of Almaty, Alma-Ata, is often translated as “father of apples”.',
    prompt: 'According to the text, what have scientists discovered?',
    options: ['Most modern apples come from wild apple trees in Kazakhstan.', 'Apples first came from Europe.', 'Almaty has more apple trees than any other city.', 'Wild apples taste better than modern ones.'], answer: 0,
  },
  {
    id: 'en-r-016', skill: 'reading', level: 'intermediate',
    passage: 'Hi Timur, thanks for inviting me to your party on Saturday. I’d love to come, but I’m working until 8 p.m. Is it OK if I come late? I’ll bring a cake. Gulnara',
    prompt: 'What is Gulnara planning to do?',
    options: ['Miss the party because of work.', 'Leave work early.', 'Ask Timur to bring a cake.', 'Arrive at the party after eight.'], answer: 3,
  },

  // ── Upper-Intermediate (B2) ────────────────────────────────────────────────
  { id: 'en-g-017', skill: 'grammar', level: 'upper-intermediate', prompt: 'If I ___ about the traffic, I would have left home earlier.', options: ['knew', 'had known', 'have known', 'would know'], answer: 1 },
  { id: 'en-g-018', skill: 'grammar', level: 'upper-intermediate', prompt: 'She asked me where ___.', options: ['was I going', 'am I going', 'I was going', 'did I go'], answer: 2 },
  { id: 'en-g-019', skill: 'grammar', level: 'upper-intermediate', prompt: 'You ___ have seen Aidos at the meeting yesterday: he’s been in London all week.', options: ['can’t', 'mustn’t', 'shouldn’t', 'needn’t'], answer: 0 },
  { id: 'en-g-020', skill: 'grammar', level: 'upper-intermediate', prompt: 'I wish I ___ more free time to travel.', options: ['have', 'will have', 'would have had', 'had'], answer: 3 },
  { id: 'en-v-017', skill: 'vocabulary', level: 'upper-intermediate', prompt: 'The company has decided to ___ the meeting until next week.', options: ['put up', 'put off', 'put on', 'put out'], answer: 1 },
  { id: 'en-v-018', skill: 'vocabulary', level: 'upper-intermediate', prompt: 'Her speech made a strong ___ on the audience.', options: ['expression', 'attention', 'impression', 'opinion'], answer: 2 },
  { id: 'en-v-019', skill: 'vocabulary', level: 'upper-intermediate', prompt: 'After months of talks, the two sides finally ___ an agreement.', options: ['reached', 'arrived', 'came', 'succeeded'], answer: 0 },
  { id: 'en-v-020', skill: 'vocabulary', level: 'upper-intermediate', prompt: 'Prices keep going up every month; ___ has become a real problem this year.', options: ['recession', 'investment', 'unemployment', 'inflation'], answer: 3 },
  {
    id: 'en-r-017', skill: 'reading', level: 'upper-intermediate',
    passage: 'Remote work was once seen as a privilege for a few IT specialists. Today many companies in Kazakhstan offer it to accountants, designers and even teachers. Supporters say it saves hours of commuting; critics argue that young employees lose the chance to learn from experienced colleagues in the office.',
    prompt: 'What is the critics’ main concern?',
    options: ['People spend too long commuting.', 'New employees learn less from older colleagues.', 'Only IT specialists can work remotely.', 'Remote work is too expensive for companies.'], answer: 1,
  },
  {
    id: 'en-r-018', skill: 'reading', level: 'upper-intermediate',
    passage: 'Although Kazakhstan is one of the world’s largest wheat producers, many farmers in the north face an uncertain future. Dry summers have become more frequent, and the cost of machinery has risen sharply. Some are now experimenting with crops that need less water, such as lentils and flax.',
    prompt: 'Why are some farmers growing lentils and flax?',
    options: ['These crops are cheaper than machinery.', 'The government pays them to.', 'These crops can grow with less water.', 'Wheat can no longer be sold abroad.'], answer: 2,
  },
  {
    id: 'en-r-019', skill: 'reading', level: 'upper-intermediate',
    passage: 'The new Kazakh film “Steppe Wind” has beautiful camera work, and the landscapes of the Altyn-Emel park look stunning on the big screen. Unfortunately, the story moves so slowly that by the second hour half the audience was checking their phones.',
    prompt: 'What is the reviewer’s opinion of the film?',
    options: ['It looks impressive, but it is boring in places.', 'It is excellent in every way.', 'The story is good, but the filming is poor.', 'It is too short.'], answer: 0,
  },
  {
    id: 'en-r-020', skill: 'reading', level: 'upper-intermediate',
    passage: 'Dear residents, the water supply to buildings 12 to 18 on Abay Street will be cut off on Tuesday from 9 a.m. to 5 p.m. while the pipes are being replaced. We apologise for any inconvenience. Residents are advised to store enough water in advance.',
    prompt: 'What are residents advised to do?',
    options: ['Replace the pipes in their own flats.', 'Leave their flats on Tuesday.', 'Phone the water company on Tuesday.', 'Keep some water ready before Tuesday.'], answer: 3,
  },

  // ── Advanced (C1) ──────────────────────────────────────────────────────────
  { id: 'en-g-021', skill: 'grammar', level: 'advanced', prompt: 'Not only ___ the exam, but she also got the highest mark in the region.', options: ['she passed', 'did she pass', 'she did pass', 'passed she'], answer: 1 },
  { id: 'en-g-022', skill: 'grammar', level: 'advanced', prompt: 'It is essential that every applicant ___ the form by Friday.', options: ['submitted', 'will submit', 'submit', 'is submitting'], answer: 2 },
  { id: 'en-g-023', skill: 'grammar', level: 'advanced', prompt: '___ it not been for her help, we would never have finished the project on time.', options: ['Had', 'If', 'Were', 'Should'], answer: 0 },
  { id: 'en-g-024', skill: 'grammar', level: 'advanced', prompt: 'What surprises most visitors ___ how quickly the city has grown.', options: ['are', 'being', 'have been', 'is'], answer: 3 },
  { id: 'en-v-021', skill: 'vocabulary', level: 'advanced', prompt: 'The minister’s answer was deliberately ___, so nobody could say exactly what she had promised.', options: ['blunt', 'vague', 'concise', 'explicit'], answer: 1 },
  { id: 'en-v-022', skill: 'vocabulary', level: 'advanced', prompt: 'The report ___ the need for better public transport in fast-growing cities.', options: ['lightens', 'brightens', 'highlights', 'shines'], answer: 2 },
  { id: 'en-v-023', skill: 'vocabulary', level: 'advanced', prompt: 'He was ___ to admit his mistake, but in the end he apologised.', options: ['reluctant', 'eager', 'willing', 'keen'], answer: 0 },
  { id: 'en-v-024', skill: 'vocabulary', level: 'advanced', prompt: 'The two reports agree on most points, but they ___ on one key issue: the cost.', options: ['converge', 'coincide', 'comply', 'diverge'], answer: 3 },
  {
    id: 'en-r-021', skill: 'reading', level: 'advanced',
    passage: 'For centuries, herders on the Kazakh steppe moved their animals between seasonal pastures, a practice that gave the grassland time to recover. The shift to settled farming, followed by the Virgin Lands campaign of the 1950s, ploughed up vast areas of this fragile land. Within a decade, wind erosion had stripped the topsoil from millions of hectares, a reminder that the older system had rested on a sophisticated, if unwritten, understanding of the ecosystem.',
    prompt: 'What does the writer suggest about the traditional nomadic system?',
    options: ['It caused the erosion of the 1960s.', 'It reflected real knowledge of how the land works.', 'It was written down in great detail.', 'It was less efficient than settled farming.'], answer: 1,
  },
  {
    id: 'en-r-022', skill: 'reading', level: 'advanced',
    passage: 'Supporters of a four-day working week claim that productivity does not fall when hours are cut. Yet most of the trials they cite involve office workers, whose output is notoriously hard to measure; whether the same holds for nurses or bus drivers remains an open question.',
    prompt: 'What is the writer’s attitude to the supporters’ claim?',
    options: ['Completely convinced by it.', 'Strongly opposed to shorter weeks.', 'Cautious: the evidence may not apply to every job.', 'Sure that nurses would be more productive.'], answer: 2,
  },
  {
    id: 'en-r-023', skill: 'reading', level: 'advanced',
    passage: 'Abai Kunanbaiuly, the nineteenth-century poet and thinker, urged his fellow Kazakhs to pursue knowledge and to learn Russian as a gateway to science, while criticising laziness, idle boasting and the pursuit of wealth for its own sake. His “Book of Words” is still widely quoted today, though readers often cite it selectively to support their own arguments.',
    prompt: 'What does the final sentence imply?',
    options: ['People sometimes quote Abai out of context.', 'Abai’s work is no longer read.', 'Abai wrote only in Russian.', 'Abai’s ideas were never popular.'], answer: 0,
  },
  {
    id: 'en-r-024', skill: 'reading', level: 'advanced',
    passage: 'The museum’s new director has been praised for attracting younger visitors, though some long-standing patrons grumble that the interactive screens now overshadow the exhibits themselves. The director, for her part, insists that the two goals are not mutually exclusive.',
    prompt: 'What does the director believe?',
    options: ['The interactive screens should be removed.', 'Older visitors no longer matter.', 'The exhibits are less interesting than the screens.', 'A museum can attract young people and still do justice to its exhibits.'], answer: 3,
  },
];

export const EN_BANK: QuizBank<EnLevel> = { language: 'en', bands: EN_BANDS, items: EN_ITEMS };
