<?xml version="1.0"?>
<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>

 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>

<peerAnnotation>
<pyramid>
 <text>
  <line></line>
  <line>---------------</line>
  <line>D301I.M.250.I.B</line>
  <line>---------------</line>
  <line></line>
  <line>Thick smoke forced schools to shut near the town of Cedar Ridge.</line>
  <line>Thousands of residents were ordered to leave within hours.</line>
  <line>Crews from neighbouring states joined the battle near the town of Cedar Ridge.</line>
  <line>Some residents returned home on Sunday.</line>
  <line>Strong winds pushed the flames toward the town.</line>
  <line>A wildfire broke out near Cedar Ridge.</line>
  <line></line>
  <line>---------------</line>
  <line>D301I.M.250.I.F</line>
  <line>---------------</line>
  <line></line>
  <line>A large brush fire started in the hills near Cedar Ridge.</line>
  <line>A damaged power line, officials said, may have caused the fire.</line>
  <line>Families, according to local radio, were allowed back on Sunday.</line>
  <line>Smoke from the fire forced schools to shut near the town of Cedar Ridge.</line>
  <line>Firefighters from four states helped fight the blaze through the night.</line>
  <line>The blaze is the largest fire in ten years.</line>
  <line>The blaze scorched 8,000 acres of forest near the town of Cedar Ridge.</line>
  <line>Twenty homes, officials said, were destroyed near the town of Cedar Ridge.</line>
  <line>A young firefighter suffered burns.</line>
  <line>The main highway was shut in both directions for two days.</line>
  <line></line>
  <line>---------------</line>
  <line>D301I.M.250.I.H</line>
  <line>---------------</line>
  <line></line>
  <line>Families returned home on Sunday.</line>
  <line>Smoke from the fire forced schools to shut for a week.</line>
  <line>The blaze, officials said, was fifty percent contained.</line>
  <line>A damaged power line is suspected as the cause.</line>
  <line>About twenty houses were destroyed on the first night.</line>
  <line></line>
  <line>---------------</line>
  <line>D301I.M.250.I.J</line>
  <line>---------------</line>
  <line></line>
  <line>Water bombers made dozens of water drops near the town of Cedar Ridge.</line>
  <line>Three thousand people fled the area within hours.</line>
  <line>Crews from neighbouring states joined the battle through the night.</line>
  <line>Strong winds spread the fire.</line>
  <line>Thick smoke closed schools in the valley for a week.</line>
  <line>Some residents were allowed back on Sunday.</line>
  <line>About twenty houses burned to the ground near the town of Cedar Ridge.</line>
  <line>The blaze burned 8,000 acres near the town of Cedar Ridge.</line>
  <line>A fallen power line is suspected as the cause.</line>
 </text>
 <scu uid="1" label="A wildfire broke out near Cedar Ridge">
  <contributor label="A wildfire broke out near Cedar Ridge">
   <part label="A wildfire broke out near Cedar Ridge" start="341" end="378"/>
  </contributor>
  <contributor label="A large brush fire started in the hills near Cedar Ridge">
   <part label="A large brush fire started in the hills near Cedar Ridge" start="430" end="486"/>
  </contributor>
 </scu>
 <scu uid="2" label="Strong winds spread the fire">
  <contributor label="Strong winds pushed the flames toward the town">
   <part label="Strong winds pushed the flames toward the town" start="293" end="339"/>
  </contributor>
  <contributor label="Strong winds spread the fire">
   <part label="Strong winds spread the fire" start="1584" end="1612"/>
  </contributor>
 </scu>
 <scu uid="3" label="Twenty homes were destroyed">
  <contributor label="Twenty homes...were destroyed near the town of Cedar Ridge">
   <part label="Twenty homes" start="877" end="889"/>
   <part label="were destroyed near the town of Cedar Ridge" start="907" end="950"/>
  </contributor>
  <contributor label="About twenty houses were destroyed on the first night">
   <part label="About twenty houses were destroyed on the first night" start="1290" end="1343"/>
  </contributor>
  <contributor label="About twenty houses burned to the ground near the town of Cedar Ridge">
   <part label="About twenty houses burned to the ground near the town of Cedar Ridge" start="1711" end="1780"/>
  </contributor>
 </scu>
 <scu uid="4" label="Three thousand people fled">
  <contributor label="Thousands of residents were ordered to leave within hours">
   <part label="Thousands of residents were ordered to leave within hours" start="115" end="172"/>
  </contributor>
  <contributor label="Three thousand people fled the area within hours">
   <part label="Three thousand people fled the area within hours" start="1466" end="1514"/>
  </contributor>
 </scu>
 <scu uid="5" label="Firefighters from four states helped">
  <contributor label="Crews from neighbouring states joined the battle near the town of Cedar Ridge">
   <part label="Crews from neighbouring states joined the battle near the town of Cedar Ridge" start="174" end="251"/>
  </contributor>
  <contributor label="Firefighters from four states helped fight the blaze through the night">
   <part label="Firefighters from four states helped fight the blaze through the night" start="690" end="760"/>
  </contributor>
  <contributor label="Crews from neighbouring states joined the battle through the night">
   <part label="Crews from neighbouring states joined the battle through the night" start="1516" end="1582"/>
  </contributor>
 </scu>
 <scu uid="6" label="Planes dropped water">
  <contributor label="Water bombers made dozens of water drops near the town of Cedar Ridge">
   <part label="Water bombers made dozens of water drops near the town of Cedar Ridge" start="1395" end="1464"/>
  </contributor>
 </scu>
 <scu uid="7" label="A firefighter was hurt">
  <contributor label="A young firefighter suffered burns">
   <part label="A young firefighter suffered burns" start="952" end="986"/>
  </contributor>
 </scu>
 <scu uid="8" label="The fire burned 8,000 acres">
  <contributor label="The blaze scorched 8,000 acres of forest near the town of Cedar Ridge">
   <part label="The blaze scorched 8,000 acres of forest near the town of Cedar Ridge" start="806" end="875"/>
  </contributor>
  <contributor label="The blaze burned 8,000 acres near the town of Cedar Ridge">
   <part label="The blaze burned 8,000 acres near the town of Cedar Ridge" start="1782" end="1839"/>
  </contributor>
 </scu>
 <scu uid="9" label="A power line may have caused the fire">
  <contributor label="A damaged power line...may have caused the fire">
   <part label="A damaged power line" start="488" end="508"/>
   <part label="may have caused the fire" start="526" end="550"/>
  </contributor>
  <contributor label="A damaged power line is suspected as the cause">
   <part label="A damaged power line is suspected as the cause" start="1242" end="1288"/>
  </contributor>
  <contributor label="A fallen power line is suspected as the cause">
   <part label="A fallen power line is suspected as the cause" start="1841" end="1886"/>
  </contributor>
 </scu>
 <scu uid="10" label="The fire was half contained">
  <contributor label="The blaze...was fifty percent contained">
   <part label="The blaze" start="1186" end="1195"/>
   <part label="was fifty percent contained" start="1213" end="1240"/>
  </contributor>
 </scu>
 <scu uid="11" label="Smoke closed schools">
  <contributor label="Thick smoke forced schools to shut near the town of Cedar Ridge">
   <part label="Thick smoke forced schools to shut near the town of Cedar Ridge" start="50" end="113"/>
  </contributor>
  <contributor label="Smoke from the fire forced schools to shut near the town of Cedar Ridge">
   <part label="Smoke from the fire forced schools to shut near the town of Cedar Ridge" start="617" end="688"/>
  </contributor>
  <contributor label="Smoke from the fire forced schools to shut for a week">
   <part label="Smoke from the fire forced schools to shut for a week" start="1131" end="1184"/>
  </contributor>
  <contributor label="Thick smoke closed schools in the valley for a week">
   <part label="Thick smoke closed schools in the valley for a week" start="1614" end="1665"/>
  </contributor>
 </scu>
 <scu uid="12" label="A highway was closed">
  <contributor label="The main highway was shut in both directions for two days">
   <part label="The main highway was shut in both directions for two days" start="988" end="1045"/>
  </contributor>
 </scu>
 <scu uid="13" label="It is the worst fire in a decade">
  <contributor label="The blaze is the largest fire in ten years">
   <part label="The blaze is the largest fire in ten years" start="762" end="804"/>
  </contributor>
 </scu>
 <scu uid="14" label="Residents returned on Sunday">
  <contributor label="Some residents returned home on Sunday">
   <part label="Some residents returned home on Sunday" start="253" end="291"/>
  </contributor>
  <contributor label="Families...were allowed back on Sunday">
   <part label="Families" start="552" end="560"/>
   <part label="were allowed back on Sunday" start="588" end="615"/>
  </contributor>
  <contributor label="Families returned home on Sunday">
   <part label="Families returned home on Sunday" start="1097" end="1129"/>
  </contributor>
  <contributor label="Some residents were allowed back on Sunday">
   <part label="Some residents were allowed back on Sunday" start="1667" end="1709"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>A fallen power line may have caused the fire.</line>
  <line>A new road sign confused drivers.</line>
  <line>The blaze, the report said, is the worst fire in a decade.</line>
  <line>The mayor will retire next year.</line>
  <line>Dry winds from the east spread the fire.</line>
  <line>A wildfire broke out near Cedar Ridge.</line>
  <line>Thick smoke, residents reported, closed schools in the valley for a week.</line>
  <line>Families were allowed back on Sunday.</line>
 </text>
 <peerscu uid="14" label="(4) Residents returned on Sunday">
  <contributor label="Families were allowed back on Sunday">
   <part label="Families were allowed back on Sunday" start="326" end="362"/>
  </contributor>
 </peerscu>
 <peerscu uid="11" label="(4) Smoke closed schools">
  <contributor label="Thick smoke...closed schools in the valley for a week">
   <part label="Thick smoke" start="252" end="263"/>
   <part label="closed schools in the valley for a week" start="285" end="324"/>
  </contributor>
 </peerscu>
 <peerscu uid="9" label="(3) A power line may have caused the fire">
  <contributor label="A fallen power line may have caused the fire">
   <part label="A fallen power line may have caused the fire" start="0" end="44"/>
  </contributor>
 </peerscu>
 <peerscu uid="5" label="(3) Firefighters from four states helped">
 </peerscu>
 <peerscu uid="3" label="(3) Twenty homes were destroyed">
 </peerscu>
 <peerscu uid="1" label="(2) A wildfire broke out near Cedar Ridge">
  <contributor label="A wildfire broke out near Cedar Ridge">
   <part label="A wildfire broke out near Cedar Ridge" start="213" end="250"/>
  </contributor>
 </peerscu>
 <peerscu uid="2" label="(2) Strong winds spread the fire">
  <contributor label="Dry winds from the east spread the fire">
   <part label="Dry winds from the east spread the fire" start="172" end="211"/>
  </contributor>
 </peerscu>
 <peerscu uid="8" label="(2) The fire burned 8,000 acres">
 </peerscu>
 <peerscu uid="4" label="(2) Three thousand people fled">
 </peerscu>
 <peerscu uid="7" label="(1) A firefighter was hurt">
 </peerscu>
 <peerscu uid="12" label="(1) A highway was closed">
 </peerscu>
 <peerscu uid="13" label="(1) It is the worst fire in a decade">
  <contributor label="The blaze...is the worst fire in a decade">
   <part label="The blaze" start="80" end="89"/>
   <part label="is the worst fire in a decade" start="108" end="137"/>
  </contributor>
 </peerscu>
 <peerscu uid="6" label="(1) Planes dropped water">
 </peerscu>
 <peerscu uid="10" label="(1) The fire was half contained">
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="A new road sign confused drivers">
   <part label="A new road sign confused drivers" start="46" end="78"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
